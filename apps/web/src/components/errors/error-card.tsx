import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A failed load: what failed, the reason when it says more, and a retry. `heading` h1 makes it the page's heading. */
export function ErrorCard({
  title,
  message,
  onRetry,
  retrying,
  retryLabel,
  heading: Heading = 'h2',
}: {
  title: string;
  message?: string;
  onRetry: () => void;
  retrying: boolean;
  retryLabel: string;
  heading?: 'h1' | 'h2';
}) {
  return (
    <section role="alert" className="mx-4 my-6 rounded-2xl border border-danger/40 bg-danger-soft p-6 text-center sm:mx-0">
      <AlertTriangle className="mx-auto size-10 text-danger" aria-hidden="true" />
      <Heading className="mt-3 text-lg font-bold text-danger">{title}</Heading>
      {message && message !== title ? <p className="mt-1 break-words text-foreground">{message}</p> : null}
      <Button size="lg" className="mt-5" onClick={onRetry} disabled={retrying}>
        <RotateCcw className={retrying ? 'size-5 animate-spin' : 'size-5'} aria-hidden="true" />
        {retryLabel}
      </Button>
    </section>
  );
}
