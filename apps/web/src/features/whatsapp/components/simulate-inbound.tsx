import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSimulateInbound } from '../api/inbox';

/** On the local stand-in (no Meta account): play a customer writing to the shop, to try the inbox on a laptop. */
export function SimulateInbound() {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const simulate = useSimulateInbound();
  const [from, setFrom] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <details className="rounded-2xl border border-border bg-surface p-4" data-testid="simulate-inbound">
      <summary className="min-h-11 cursor-pointer font-semibold">{t('inbox.simulate.title')}</summary>
      <form
        className="mt-3 flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          simulate.mutate(
            { from: from.replace(/\D/g, '').slice(-10), text: text.trim() },
            { onSuccess: () => setText(''), onError: (err) => setError(err.message) },
          );
        }}
      >
        <label htmlFor={`${id}-from`} className="font-semibold">
          {t('inbox.simulate.from')}
        </label>
        <Input id={`${id}-from`} inputMode="tel" value={from} onChange={(e) => setFrom(e.target.value)} />
        <label htmlFor={`${id}-text`} className="font-semibold">
          {t('inbox.simulate.text')}
        </label>
        <Textarea id={`${id}-text`} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        {error ? (
          <p role="alert" className="font-semibold text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="lg" disabled={simulate.isPending || !text.trim()}>
          {simulate.isPending ? <Spinner className="size-5" /> : null}
          {t('inbox.simulate.send')}
        </Button>
      </form>
    </details>
  );
}
