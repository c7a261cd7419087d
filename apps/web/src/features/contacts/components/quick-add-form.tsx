import { CONTACT_MESSAGES, ContactInputSchema, displayIndianPhone } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, serverErrorField } from '@/lib/api-client';
import { isNetworkError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { isAuthError } from '@/lib/query-client';
import { useCreateContact } from '../api/create-contact';
import { duplicateContactId } from '../utils/duplicate';
import { withChecks } from '../utils/extra-checks';
import type { ContactFormValues, ContactPayload } from '../utils/form-values';
import { notifyFailure } from '../utils/notify-failure';
import { SERVER_ERROR_FIELDS } from '../utils/server-errors';
import { DuplicateNotice } from './duplicate-notice';
import { CheckboxField, FormField, invalidClass, MobileInput } from '@/components/ui/form-field';

/** How long the "saved" line stays: long enough to read, gone before the customer after next. */
export const SAVED_NOTE_MS = 8000;

const EMPTY: ContactFormValues = { name: '', mobileNumber: '', consent: false };

// At the counter the tick is required: the customer is there to say yes.
const resolver = withChecks(zodResolver(ContactInputSchema), (values: ContactFormValues) => ({
  consent: values.consent === true ? null : CONTACT_MESSAGES.consentRequired,
}));

/**
 * The counter form: name, number and the customer's consent, with big targets. It stays on the
 * page after saving, empty and focused, with a short confirmation, ready for the next customer.
 */
export function QuickAddForm({ businessName }: { businessName: string }) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const create = useCreateContact();
  const [saved, setSaved] = useState<{ name: string; mobile: string } | null>(null);
  const [duplicateId, setDuplicateId] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactPayload>({ resolver, defaultValues: EMPTY });

  useEffect(() => {
    if (!saved) return;
    // The next customer's name is typed straight away.
    setFocus('name');
    const timer = setTimeout(() => setSaved(null), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [saved, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setDuplicateId(null);
    setSaved(null);
    try {
      const contact = await create.mutateAsync({ ...values, consent: true, consentChannel: 'in_person' });
      reset(EMPTY);
      setSaved({ name: contact.name, mobile: displayIndianPhone(contact.mobileNumber) ?? contact.mobileNumber });
      void notify(t('toast.added'), 'success');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        const existingId = duplicateContactId(error);
        if (existingId) setDuplicateId(existingId);
        const field = serverErrorField(error, SERVER_ERROR_FIELDS);
        if (field) setError(field, { message: error.message }, { shouldFocus: true });
        else setError('root.server', { message: error.message });
      } else if (!isAuthError(error)) {
        setError('root.server', { message: isNetworkError(error) ? t('errors.offline') : (error as Error).message });
      }
      notifyFailure(t, t('toast.addFailed'), error, true);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('counter.formTitle')}
      </h2>
      <FormField id={`${id}-name`} label={t('form.name.label')} error={errors.name?.message}>
        {(aria) => (
          <Input
            {...aria}
            {...register('name')}
            autoComplete="off"
            maxLength={100}
            className={`min-h-12 text-lg ${invalidClass}`}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-1">
        <FormField id={`${id}-mobile`} label={t('form.mobile.label')} error={errors.mobileNumber?.message}>
          {(aria) => (
            <MobileInput {...aria} {...register('mobileNumber')} autoComplete="off" maxLength={20} className="min-h-12 text-lg" />
          )}
        </FormField>
        {duplicateId ? <DuplicateNotice existingId={duplicateId} /> : null}
      </div>
      <CheckboxField
        id={`${id}-consent`}
        label={t('counter.consent', { business: businessName })}
        error={errors.consent?.message}
        {...register('consent')}
      />
      {errors.root?.server?.message ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {errors.root.server.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting} className="min-h-14 w-full text-lg">
        {isSubmitting ? <Spinner className="size-5" /> : <UserPlus className="size-6" aria-hidden="true" />}
        {isSubmitting ? t('form.saving') : t('counter.save')}
      </Button>
      <p role="status" className="min-h-6 text-center font-semibold text-success">
        {saved ? (
          <span className="inline-flex items-center gap-2">
            <CheckCircle2 className="size-5" aria-hidden="true" />
            {t('counter.saved', { name: saved.name, mobile: saved.mobile })}
          </span>
        ) : null}
      </p>
    </form>
  );
}
