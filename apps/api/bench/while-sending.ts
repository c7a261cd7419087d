import os from 'node:os';
import { createHistogram } from 'node:perf_hooks';

/**
 * What bench:sms and bench:whatsapp watch while a campaign sends: `phones` phones asking `feedUrl` one
 * request after another, and the process's memory (RSS) and the machine's load each second. The answer
 * times go into a histogram (node:perf_hooks, constant memory): kept in an array, the 3.1 million of a
 * 21-minute WhatsApp send grew the process by about 25 MB, which read as the app's memory rising.
 */
export function watchWhileSending(feedUrl: string, phones: number) {
  let sending = true;
  const times = createHistogram();
  const asking = Array.from({ length: phones }, async () => {
    while (sending) {
      const t = performance.now();
      const res = await fetch(feedUrl);
      await res.arrayBuffer();
      times.record(Math.max(1, Math.round((performance.now() - t) * 1000)));
    }
  });
  const rss: number[] = [];
  const load: number[] = [];
  const sampler = setInterval(() => {
    rss.push(process.memoryUsage().rss);
    load.push(os.loadavg()[0] ?? 0);
  }, 1_000);

  return {
    /** Stops the phones and the sampling; the figures, in the benches' JSON's names. */
    async stop() {
      sending = false;
      clearInterval(sampler);
      await Promise.all(asking);
      const mb = (b: number) => Math.round(b / 1_048_576);
      const ms = (p: number) => Number((times.percentile(p) / 1000).toFixed(1));
      const quarter = (q: number) => rss[Math.min(rss.length - 1, Math.ceil((q / 4) * rss.length) - 1)] ?? 0;
      return {
        feedRequests: times.count,
        feedP50Ms: ms(50),
        feedP99Ms: ms(99),
        rssMbMin: mb(Math.min(...rss)),
        rssMbMax: mb(Math.max(...rss)),
        // The app's memory at the end of each quarter of the send: flat if the campaign's size does not show.
        rssMbByQuarter: [1, 2, 3, 4].map((q) => mb(quarter(q))),
        // Other work on the machine: the 1-minute load average while sending.
        loadWhileSendingMin: Number(Math.min(...load).toFixed(1)),
        loadWhileSendingMax: Number(Math.max(...load).toFixed(1)),
      };
    },
  };
}
