import { formatRupees, TOPUP_MAX_PAISE, TOPUP_MIN_PAISE, TOPUP_PRESETS_PAISE, WALLET_MESSAGES } from '@aaspaas/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useCreateTopup } from '../api/create-topup';
import { openRazorpayCheckout } from '../utils/razorpay-checkout';
import { parseRupeesToPaise } from '../utils/rupees-input';

/** Checkout's accent: the app's primary orange. */
const CHECKOUT_COLOR = '#ea580c';

export function AddMoneyCard() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState(String(TOPUP_PRESETS_PAISE[1] / 100));
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const create = useCreateTopup();
  const paise = parseRupeesToPaise(text);
  const busy = opening || create.isPending;

  function validate(): number | null {
    if (paise === null) return (setError(t('add.amountInvalid')), null);
    if (paise < TOPUP_MIN_PAISE || paise > TOPUP_MAX_PAISE) return (setError(WALLET_MESSAGES.amountRange), null);
    setError(null);
    return paise;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = validate();
    if (amount === null) return;
    setOpening(true);
    try {
      const checkout = await create.mutateAsync(amount);
      if (checkout.gateway === 'test' && checkout.testCheckoutUrl) {
        // The test gateway's page is the server's own: a full navigation, like Razorpay's redirect flow.
        window.location.assign(checkout.testCheckoutUrl);
        return;
      }
      const outcome = await openRazorpayCheckout(checkout, CHECKOUT_COLOR);
      const back = new URLSearchParams({ topup: checkout.topup.id });
      if (outcome.kind === 'paid') {
        for (const [k, v] of Object.entries(outcome.result)) if (v) back.set(k, v);
        void navigate(`${paths.account.success.path}?${back.toString()}`);
      } else if (outcome.kind === 'failed') {
        back.set('status', 'failed');
        void navigate(`${paths.account.success.path}?${back.toString()}`);
      } else {
        void notify(t('add.cancelled'), 'info');
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('add.checkoutFailed'));
    } finally {
      setOpening(false);
    }
  }

  return (
    <section className="rounded-2xl border border-border bg-surface p-4" aria-labelledby="add-money-title">
      <h2 id="add-money-title" className="text-lg font-bold">
        {t('add.title')}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 flex flex-col gap-3">
        <div role="group" aria-label={t('add.presetsLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {TOPUP_PRESETS_PAISE.map((preset) => (
            <Button
              key={preset}
              variant={paise === preset ? 'primary' : 'secondary'}
              aria-pressed={paise === preset}
              onClick={() => {
                setText(String(preset / 100));
                setError(null);
              }}
            >
              {formatRupees(preset)}
            </Button>
          ))}
        </div>
        <label htmlFor={inputId} className="font-semibold">
          {t('add.amountLabel')}
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" aria-hidden="true">
            ₹
          </span>
          <Input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            className={cn('pl-7 tabular-nums', error && 'border-danger')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            data-testid="topup-amount"
          />
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('add.amountHint')}
        </p>
        {error ? (
          <p id={errorId} role="alert" className="font-semibold text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy} data-testid="topup-submit">
          {busy ? <Spinner className="size-5" /> : null}
          {busy ? t('add.starting') : paise ? t('add.submit', { amount: formatRupees(paise) }) : t('add.submitEmpty')}
        </Button>
      </form>
    </section>
  );
}
