import { CONTACT_MESSAGES, JoinRequestSchema, joinedMessage, normalizeIndianMobile } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellOff, CheckCircle2, Store } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { isNetworkError, isNotFoundError } from '@/lib/not-found';
import { useJoinBusiness, type JoinBusiness } from '../api/get-join-business';
import { useJoinBusinessList, type JoinRequest } from '../api/join-business';
import { useOptOut } from '../api/opt-out';
import { withChecks } from '../utils/extra-checks';
import { CheckboxField, FormField, invalidClass, MobileInput } from '@/components/ui/form-field';

type JoinValues = { name: string; mobileNumber: string; consent: boolean };

const mobileCheck = (mobile: string) => (mobile.trim() && !normalizeIndianMobile(mobile) ? CONTACT_MESSAGES.mobileInvalid : null);

const joinResolver = withChecks(
  zodResolver(JoinRequestSchema) as unknown as Resolver<JoinValues, unknown, JoinRequest>,
  (values) => ({
    mobileNumber: mobileCheck(values.mobileNumber),
  }),
);

function JoinForm({ business }: { business: JoinBusiness }) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const join = useJoinBusinessList();
  const [joined, setJoined] = useState<{ name: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JoinValues, unknown, JoinRequest>({
    resolver: joinResolver,
    defaultValues: { name: '', mobileNumber: '', consent: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await join.mutateAsync({
        businessId: business.businessId,
        body: { ...values, mobileNumber: normalizeIndianMobile(values.mobileNumber) ?? values.mobileNumber },
      });
      // The API's words: the same for a new customer and for one already on the list.
      setJoined({ name: values.name, message: answer.message?.trim() || joinedMessage(business.businessName) });
    } catch (error) {
      const message = isNetworkError(error) ? t('errors.offline') : (error as Error).message;
      if (error instanceof ApiError && error.serverMessage === CONTACT_MESSAGES.mobileInvalid)
        setError('mobileNumber', { message });
      else setError('root.server', { message });
    }
  });

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

  // The consent error speaks to the customer, not to a shop owner.
  const consentError = errors.consent ? t('join.consentRequired') : undefined;

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('join.formTitle', { business: business.businessName })}
      </h2>
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
      {errors.root?.server?.message ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {errors.root.server.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting} className="min-h-14 w-full text-lg">
        {isSubmitting ? <Spinner className="size-5" /> : null}
        {isSubmitting ? t('join.joining') : t('join.submit')}
      </Button>
    </form>
  );
}

function OptOutForm({ business }: { business: JoinBusiness }) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const optOut = useOptOut();
  const [mobile, setMobile] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = mobile.trim() ? mobileCheck(mobile) : CONTACT_MESSAGES.mobileInvalid;
    if (problem) {
      setResult({ ok: false, message: problem });
      return;
    }
    setResult(null);
    try {
      const answer = await optOut.mutateAsync({
        businessId: business.businessId,
        mobileNumber: normalizeIndianMobile(mobile) ?? mobile,
      });
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult({ ok: false, message: isNetworkError(error) ? t('errors.offline') : (error as Error).message });
    }
  }

  const errorId = `${id}-error`;
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <BellOff className="size-5 text-muted-foreground" aria-hidden="true" />
        {t('join.optOutTitle', { business: business.businessName })}
      </h2>
      <p className="text-muted-foreground">{t('join.optOutIntro')}</p>
      <FormField id={`${id}-mobile`} label={t('form.mobile.label')}>
        {(aria) => (
          <MobileInput
            {...aria}
            aria-invalid={result?.ok === false}
            aria-describedby={result?.ok === false ? errorId : undefined}
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            maxLength={20}
          />
        )}
      </FormField>
      {result ? (
        result.ok ? (
          <p role="status" className="font-semibold text-success">
            {result.message}
          </p>
        ) : (
          <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
            {result.message}
          </p>
        )
      ) : null}
      <Button type="submit" variant="secondary" size="lg" disabled={optOut.isPending} className="w-full">
        {optOut.isPending ? <Spinner className="size-5" /> : null}
        {optOut.isPending ? t('join.stopping') : t('join.optOutSubmit')}
      </Button>
    </form>
  );
}

function BusinessHeading({ business }: { business: JoinBusiness }) {
  const { t } = useTranslation('contacts');
  return (
    <header className="flex items-center gap-4">
      {business.profileImageUrl ? (
        <img
          src={business.profileImageUrl}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-soft"
        >
          <Store className="size-8 text-primary" />
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm font-semibold text-muted-foreground">{t('join.kicker')}</p>
        <h1 className="text-2xl leading-tight font-extrabold break-words">{business.businessName}</h1>
        {business.city ? <p className="text-muted-foreground">{business.city}</p> : null}
      </div>
    </header>
  );
}

function JoinNotFound() {
  const { t } = useTranslation('contacts');
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-6 text-center">
      <Store className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-bold">{t('join.notFoundTitle')}</h1>
      <p className="text-muted-foreground">{t('join.notFoundBody')}</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ size: 'lg' })}>
        {t('join.toFeed')}
      </Link>
    </section>
  );
}

/**
 * /join/{businessId}: the public opt-in page a customer reaches from the shop's QR code. No account:
 * the customer adds themself with explicit consent, or stops the business's messages with their number.
 */
export function JoinPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation('contacts');
  const { t: tCommon } = useTranslation();
  const business = useJoinBusiness(businessId);
  const notFound = business.isError && isNotFoundError(business.error);
  useDocumentTitle(
    business.data ? t('join.documentTitle', { business: business.data.businessName }) : notFound ? t('join.notFoundTitle') : null,
  );

  if (business.data) {
    return (
      <div className="flex flex-col gap-5 px-4 py-6">
        <BusinessHeading business={business.data} />
        <p>{t('join.intro', { business: business.data.businessName })}</p>
        <JoinForm business={business.data} />
        <OptOutForm business={business.data} />
      </div>
    );
  }
  if (notFound) {
    return (
      <div className="px-4 py-6">
        <JoinNotFound />
      </div>
    );
  }
  if (business.isError) {
    return (
      <ErrorCard
        heading="h1"
        title={t('join.loadFailed')}
        message={isNetworkError(business.error) ? t('errors.offline') : business.error.message}
        onRetry={() => void business.refetch()}
        retrying={business.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4 px-4 py-6" data-testid="join-loading">
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-7 w-48" />
      </div>
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}
