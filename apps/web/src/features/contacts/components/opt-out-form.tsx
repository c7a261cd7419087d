import { CONTACT_MESSAGES, normalizeIndianMobile } from '@aaspaas/domain';
import { BellOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField, MobileInput } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isNetworkError } from '@/lib/not-found';
import { translatedServerMessage } from '@/lib/api-client';
import type { JoinBusiness } from '../api/get-join-business';
import { useOptOut } from '../api/opt-out';
import { useRequestOptOutCode } from '../api/request-opt-out-code';
import { mobileCheck, sentCodeOf, type SentCode } from '../utils/consent-code';
import { CodeStep } from './code-step';

/** The number, then the code sent to it: only the number's owner can stop the messages to it. */
export function OptOutForm({ business }: { business: JoinBusiness }) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const requestCode = useRequestOptOutCode();
  const optOut = useOptOut();
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ mobileNumber: string; sent: SentCode } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    const problem = mobile.trim() ? mobileCheck(mobile) : CONTACT_MESSAGES.mobileInvalid;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const mobileNumber = normalizeIndianMobile(mobile) ?? mobile;
    try {
      const answer = await requestCode.mutateAsync({ businessId: business.businessId, mobileNumber });
      setPending({ mobileNumber, sent: sentCodeOf(answer) });
    } catch (e) {
      setError(isNetworkError(e) ? t('errors.offline') : (e as Error).message);
    }
  }

  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <BellOff className="size-5 text-muted-foreground" aria-hidden="true" />
        {t('join.optOutTitle', { business: business.businessName })}
      </h2>
      {done !== null ? (
        <p role="status" className="font-semibold text-success">
          {done}
        </p>
      ) : pending ? (
        <CodeStep
          id={`${id}-code`}
          sent={pending.sent}
          confirmLabel={t('join.optOutSubmit')}
          confirmingLabel={t('join.stopping')}
          confirmVariant="secondary"
          onConfirm={async (code) => {
            const answer = await optOut.mutateAsync({
              businessId: business.businessId,
              mobileNumber: pending.mobileNumber,
              code,
            });
            setDone(translatedServerMessage(answer.message));
          }}
          onResend={async () => {
            const answer = await requestCode.mutateAsync({ businessId: business.businessId, mobileNumber: pending.mobileNumber });
            setPending({ mobileNumber: pending.mobileNumber, sent: sentCodeOf(answer) });
          }}
          onChangeNumber={() => setPending(null)}
        />
      ) : (
        <form noValidate onSubmit={(e) => void sendCode(e)} className="flex flex-col gap-3">
          <p className="text-muted-foreground">{t('join.optOutIntro')}</p>
          <FormField id={`${id}-mobile`} label={t('form.mobile.label')}>
            {(aria) => (
              <MobileInput
                {...aria}
                aria-invalid={error !== null}
                aria-describedby={error !== null ? errorId : undefined}
                value={mobile}
                onChange={(e) => setMobile(e.target.value)}
                maxLength={20}
              />
            )}
          </FormField>
          {error !== null ? (
            <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" size="lg" disabled={requestCode.isPending} className="w-full">
            {requestCode.isPending ? <Spinner className="size-5" /> : null}
            {requestCode.isPending ? t('join.sendingCode') : t('join.sendCode')}
          </Button>
        </form>
      )}
    </section>
  );
}
