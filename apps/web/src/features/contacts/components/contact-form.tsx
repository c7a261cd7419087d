import { CONTACT_NOTES_MAX, ContactInputSchema, type Contact } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, serverErrorField } from '@/lib/api-client';
import { isNetworkError } from '@/lib/not-found';
import { notify } from '@/lib/notify';
import { isAuthError } from '@/lib/query-client';
import { useCreateContact } from '../api/create-contact';
import { useContactTags } from '../api/get-contact-tags';
import { useUpdateContact } from '../api/update-contact';
import { duplicateContactId } from '../utils/duplicate';
import { emptyContactValues, toContactValues, type ContactFormValues, type ContactPayload } from '../utils/form-values';
import { notifyFailure } from '../utils/notify-failure';
import { SERVER_ERROR_FIELDS } from '../utils/server-errors';
import { ConsentFields } from './consent-fields';
import { DuplicateNotice } from './duplicate-notice';
import { FormField, invalidClass, MobileInput } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { TagInput } from './tag-input';

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * /add-contact and /edit-contact/{id}: every field of a contact, validated by the domain's
 * ContactInputSchema (the API's own rules and messages). A number already in the list says so
 * and links to that contact.
 */
export function ContactForm({ contact, onSaved }: { contact?: Contact; onSaved: (contact: Contact) => void }) {
  const { t } = useTranslation('contacts');
  const id = useId();
  const create = useCreateContact();
  const update = useUpdateContact();
  const tags = useContactTags();
  const [duplicateId, setDuplicateId] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactPayload>({
    resolver: zodResolver(ContactInputSchema),
    defaultValues: contact ? toContactValues(contact) : emptyContactValues(),
    mode: 'onTouched',
  });
  const consent = useWatch({ control, name: 'consent' }) === true;
  const failedTitle = contact ? t('toast.updateFailed') : t('toast.addFailed');

  const onSubmit = handleSubmit(async (values) => {
    setDuplicateId(null);
    // A channel means nothing without the customer's agreement.
    const body: ContactPayload = { ...values, consentChannel: values.consent ? values.consentChannel : undefined };
    try {
      const saved = contact ? await update.mutateAsync({ id: contact.id, body }) : await create.mutateAsync(body);
      void notify(contact ? t('toast.updated') : t('toast.added'), 'success');
      onSaved(saved);
    } catch (error) {
      const existingId = duplicateContactId(error);
      if (error instanceof ApiError && error.status === 409) {
        setDuplicateId(existingId && existingId !== contact?.id ? existingId : null);
        setError('mobileNumber', { message: error.message }, { shouldFocus: true });
        notifyFailure(t, failedTitle, error, true);
        return;
      }
      if (error instanceof ApiError && error.status === 400) {
        const field = serverErrorField(error, SERVER_ERROR_FIELDS);
        if (field) setError(field, { message: error.message }, { shouldFocus: true });
        else setError('root.server', { message: error.message });
        notifyFailure(t, failedTitle, error, true);
        return;
      }
      if (!isAuthError(error)) {
        setError('root.server', { message: isNetworkError(error) ? t('errors.offline') : (error as Error).message });
      }
      notifyFailure(t, failedTitle, error, true);
    }
  });

  const optional = t('form.optional');
  const f = (name: string) => `${id}-${name}`;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6" aria-label={t('form.label')}>
      <section className="flex flex-col gap-4">
        <FormField id={f('name')} label={t('form.name.label')} error={errors.name?.message}>
          {(aria) => <Input {...aria} {...register('name')} autoComplete="off" maxLength={100} className={invalidClass} />}
        </FormField>
        <div className="flex flex-col gap-1">
          <FormField
            id={f('mobile')}
            label={t('form.mobile.label')}
            hint={t('form.mobile.hint')}
            error={errors.mobileNumber?.message}
          >
            {(aria) => <MobileInput {...aria} {...register('mobileNumber')} autoComplete="off" maxLength={20} />}
          </FormField>
          {duplicateId ? <DuplicateNotice existingId={duplicateId} /> : null}
        </div>
        <FormField id={f('email')} label={t('form.email.label')} error={errors.email?.message} optionalLabel={optional}>
          {(aria) => (
            <Input {...aria} {...register('email')} type="email" inputMode="email" autoComplete="off" className={invalidClass} />
          )}
        </FormField>
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagInput
              id={f('tags')}
              value={field.value ?? []}
              onChange={field.onChange}
              suggestions={tags.data ?? []}
              error={fieldState.error?.message}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={f('birthday')}
            label={t('form.birthday.label')}
            error={errors.birthday?.message}
            optionalLabel={optional}
          >
            {(aria) => <Input {...aria} {...register('birthday')} type="date" max={today()} className={invalidClass} />}
          </FormField>
          <FormField
            id={f('anniversary')}
            label={t('form.anniversary.label')}
            error={errors.anniversary?.message}
            optionalLabel={optional}
          >
            {(aria) => <Input {...aria} {...register('anniversary')} type="date" max={today()} className={invalidClass} />}
          </FormField>
        </div>
        <FormField
          id={f('notes')}
          label={t('form.notes.label')}
          hint={t('form.notes.hint')}
          error={errors.notes?.message}
          optionalLabel={optional}
        >
          {(aria) => <Textarea {...aria} {...register('notes')} rows={3} maxLength={CONTACT_NOTES_MAX} />}
        </FormField>
      </section>

      <ConsentFields register={register} consent={consent} contact={contact} error={errors.consent?.message} />

      <div className="sticky bottom-24 flex flex-col gap-2 rounded-2xl border border-border bg-surface p-3 shadow-sm lg:bottom-4">
        {errors.root?.server?.message ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errors.root.server.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <Spinner className="size-5" /> : <Save className="size-5" aria-hidden="true" />}
          {isSubmitting ? t('form.saving') : contact ? t('form.saveChanges') : t('form.saveNew')}
        </Button>
      </div>
    </form>
  );
}
