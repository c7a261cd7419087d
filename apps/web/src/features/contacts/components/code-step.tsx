import { CONSENT_CODE_DIGITS, CONSENT_CODE_MESSAGES, CONSENT_CODE_PATTERN, CONSENT_CODE_TTL_MINUTES } from '@aaspaas/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { FormField, invalidClass } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isNetworkError } from '@/lib/not-found';
import { cn } from '@/lib/utils';
import { useCountdown } from '../hooks/use-countdown';
import type { SentCode } from '../utils/consent-code';

/** "Resend code", counting down the wait before it opens (keyed by `until`, so each code starts a count). */
function ResendButton({ until, resending, onResend }: { until: number; resending: boolean; onResend: () => void }) {
  const { t } = useTranslation('contacts');
  const wait = useCountdown(until);
  return (
    <Button
      type="button"
      variant="secondary"
      size="lg"
      disabled={wait > 0 || resending}
      onClick={onResend}
      className="min-h-12 flex-1"
    >
      {resending ? <Spinner className="size-5" /> : null}
      {wait > 0 ? t('join.resendIn', { seconds: wait }) : t('join.resend')}
    </Button>
  );
}

/**
 * Step two of the join and opt-out forms: the code the number received by SMS. The phone offers it
 * from the message (autocomplete one-time-code); the server's answer to a wrong, expired or spent code
 * says what to do (tries left, send a new one), and "Resend code" opens once the wait is over.
 */
export function CodeStep({
  id,
  sent,
  confirmLabel,
  confirmingLabel,
  confirmVariant,
  onConfirm,
  onResend,
  onChangeNumber,
}: {
  id: string;
  sent: SentCode;
  confirmLabel: string;
  confirmingLabel: string;
  confirmVariant?: ButtonProps['variant'];
  /** Sends the code with the form; throws with the server's message when it is refused. */
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onChangeNumber: () => void;
}) {
  const { t } = useTranslation('contacts');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [resending, setResending] = useState(false);
  const messageOf = (e: unknown) => (isNetworkError(e) ? t('errors.offline') : (e as Error).message);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!CONSENT_CODE_PATTERN.test(value)) {
      setError(CONSENT_CODE_MESSAGES.codeFormat);
      return;
    }
    setError(null);
    setConfirming(true);
    try {
      await onConfirm(value);
    } catch (e) {
      setError(messageOf(e));
      setConfirming(false);
    }
  }

  async function resend() {
    setResending(true);
    setResendError(null);
    try {
      await onResend();
      setCode('');
      setError(null);
    } catch (e) {
      setResendError(messageOf(e));
    } finally {
      setResending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-describedby={`${id}-sent`}>
      <p id={`${id}-sent`} role="status" className="font-semibold">
        {sent.message}
      </p>
      <FormField
        id={`${id}-code`}
        label={t('join.codeLabel')}
        hint={t('join.codeHint', { digits: CONSENT_CODE_DIGITS, minutes: CONSENT_CODE_TTL_MINUTES })}
        error={error ?? undefined}
      >
        {(aria) => (
          <Input
            {...aria}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CONSENT_CODE_DIGITS))}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={CONSENT_CODE_DIGITS}
            // Focus scrolls the field into view: the margin keeps it and the SMS notice above clear of the sticky header.
            autoFocus
            className={cn('scroll-mt-44 text-center text-2xl tracking-[0.5em]', invalidClass)}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" variant={confirmVariant} disabled={confirming} className="min-h-14 w-full text-lg">
        {confirming ? <Spinner className="size-5" /> : null}
        {confirming ? confirmingLabel : confirmLabel}
      </Button>
      {resendError ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {resendError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <ResendButton key={sent.resendAt} until={sent.resendAt} resending={resending} onResend={() => void resend()} />
        <Button type="button" variant="ghost" size="lg" onClick={onChangeNumber} className="min-h-12 flex-1">
          {t('join.changeNumber')}
        </Button>
      </div>
    </form>
  );
}
