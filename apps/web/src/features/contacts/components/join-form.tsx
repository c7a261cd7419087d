import { JoinCodeRequestSchema, joinedMessage, normalizeIndianMobile } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField, invalidClass, MobileInput } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, translatedServerMessage } from '@/lib/api-client';
import { isNetworkError } from '@/lib/not-found';
import type { JoinBusiness } from '../api/get-join-business';
import { useJoinBusinessList } from '../api/join-business';
import { type JoinCodeRequest, useRequestJoinCode } from '../api/request-join-code';
import { withChecks } from '../utils/extra-checks';
import { mobileCheck, sentCodeOf, type SentCode } from '../utils/consent-code';
import { CodeStep } from './code-step';

type JoinValues = { name: string; mobileNumber: string; consent: boolean; whatsapp: boolean };

const joinResolver = withChecks(
  zodResolver(JoinCodeRequestSchema) as unknown as Resolver<JoinValues, unknown, JoinCodeRequest>,
  (values) => ({ mobileNumber: mobileCheck(values.mobileNumber) }),
);

/** Step one: name, number and consent; the server then sends a code to the number. */
function JoinDetails({
  business,
  initial,
  onSent,
}: {
  business: JoinBusiness;
  initial: JoinValues;
  onSent: (values: JoinCodeRequest, sent: SentCode) => void;
}) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const requestCode = useRequestJoinCode();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JoinValues, unknown, JoinCodeRequest>({ resolver: joinResolver, defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    // WhatsApp goes along only when ticked: the request of an SMS-only join stays as it was.
    const { whatsapp, ...rest } = values;
    const body = {
      ...rest,
      ...(whatsapp ? { whatsapp: true } : {}),
      mobileNumber: normalizeIndianMobile(values.mobileNumber) ?? values.mobileNumber,
    };
    try {
      onSent(body, sentCodeOf(await requestCode.mutateAsync({ businessId: business.businessId, body })));
    } catch (error) {
      const message = isNetworkError(error) ? t('errors.offline') : (error as Error).message;
      if (error instanceof ApiError && error.field === 'mobileNumber') setError('mobileNumber', { message });
      else setError('root.server', { message });
    }
  });

  // The consent error speaks to the customer, not to a shop owner.
  const consentError = errors.consent ? t('join.consentRequired') : undefined;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <FormField id={`${id}-name`} label={t('form.name.label')} error={errors.name?.message}>
        {(aria) => <Input {...aria} {...register('name')} autoComplete="name" maxLength={100} className={invalidClass} />}
      </FormField>
      <FormField id={`${id}-mobile`} label={t('form.mobile.label')} error={errors.mobileNumber?.message}>
        {(aria) => <MobileInput {...aria} {...register('mobileNumber')} maxLength={20} />}
      </FormField>
      <CheckboxField
        id={`${id}-consent`}
        label={t('join.consent', { business: business.businessName })}
        error={consentError}
        {...register('consent')}
      />
      {/* WhatsApp is a consent of its own (ADR 050), confirmed by the same code. */}
      <CheckboxField
        id={`${id}-whatsapp`}
        label={t('join.whatsapp', { business: business.businessName })}
        {...register('whatsapp')}
      />
      {errors.root?.server?.message ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {errors.root.server.message}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{t('join.codeNote')}</p>
      <Button type="submit" size="lg" disabled={isSubmitting} className="min-h-14 w-full text-lg">
        {isSubmitting ? <Spinner className="size-5" /> : null}
        {isSubmitting ? t('join.sendingCode') : t('join.sendCode')}
      </Button>
    </form>
  );
}

/**
 * Joining a business's list in two steps: the details and consent, then the code sent by SMS to the
 * number, which proves the number is the customer's own. Only then is the consent recorded.
 */
export function JoinForm({ business }: { business: JoinBusiness }) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const join = useJoinBusinessList();
  const requestCode = useRequestJoinCode();
  const [values, setValues] = useState<JoinValues>({ name: '', mobileNumber: '', consent: false, whatsapp: false });
  const [pending, setPending] = useState<{ body: JoinCodeRequest; sent: SentCode } | null>(null);
  const [joined, setJoined] = useState<{ name: string; message: string } | null>(null);

  if (joined !== null) {
    return (
      <section
        role="status"
        className="flex flex-col items-center gap-2 rounded-2xl border border-success bg-success-soft p-6 text-center"
      >
        <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
        <h2 className="text-xl font-bold">{t('join.thanks', { name: joined.name })}</h2>
        <p>{joined.message}</p>
        <p className="text-sm">{t('join.canStop')}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('join.formTitle', { business: business.businessName })}
      </h2>
      {pending ? (
        <CodeStep
          id={`${id}-code`}
          sent={pending.sent}
          confirmLabel={t('join.submit')}
          confirmingLabel={t('join.joining')}
          onConfirm={async (code) => {
            const answer = await join.mutateAsync({ businessId: business.businessId, body: { ...pending.body, code } });
            // The API's words: the same for a new customer and for one already on the list.
            setJoined({
              name: pending.body.name,
              message: translatedServerMessage(answer.message?.trim() || joinedMessage(business.businessName)),
            });
          }}
          onResend={async () => {
            const answer = await requestCode.mutateAsync({ businessId: business.businessId, body: pending.body });
            setPending({ body: pending.body, sent: sentCodeOf(answer) });
          }}
          onChangeNumber={() => setPending(null)}
        />
      ) : (
        <JoinDetails
          business={business}
          initial={values}
          onSent={(body, sent) => {
            setValues({ ...body, whatsapp: body.whatsapp === true });
            setPending({ body, sent });
          }}
        />
      )}
    </section>
  );
}
