/**
 * The product's events counted for metrics (posts published, SMS, payments, refused debits, failed
 * jobs). Code where one happens calls `countEvent`; the metrics plugin, when METRICS_PORT is set,
 * is the one sink that turns the counts into Prometheus counters. Without it a call is one check.
 */
export type ProductEvent =
  'postPublished' | 'smsSubmitted' | 'smsDelivered' | 'smsFailed' | 'paymentCredited' | 'walletDebitRefused' | 'jobFailed';

type EventSink = (event: ProductEvent, count: number, label: string | undefined) => void;

let sink: EventSink | null = null;

/** Counts `count` events (a batch of SMS at once); `label` tells some apart (a failed job's queue). */
export function countEvent(event: ProductEvent, count = 1, label?: string): void {
  if (sink && count > 0) sink(event, count, label);
}

/** The metrics plugin's hook; returns what removes it again (the app closing). */
export function setEventSink(next: EventSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}
