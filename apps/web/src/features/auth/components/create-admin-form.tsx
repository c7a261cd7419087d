import { CreateAdminRequestSchema } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useCreateAdmin } from '../api/create-admin';
import { FormField } from './form-field';
import { PendingButton } from './pending-button';

/**
 * /admin/create-user: POST /api/admin/create-user with the admin address only. The server mails
 * that address a link to set the password (at most one every few minutes) and answers every email
 * the same, so the form neither picks a password or name nor tells which address is the admin's.
 */
export function CreateAdminForm({ onCreated }: { onCreated: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const create = useCreateAdmin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(CreateAdminRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (res) => {
        void notify(t('admin.created'), 'success', res.message);
        onCreated(res.message);
      },
      onError: (error) => void notify(t('admin.error'), 'error', error.message),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PendingButton type="submit" size="lg" className="w-full" pending={create.isPending} pendingText={t('admin.createPending')}>
        {t('admin.createSubmit')}
      </PendingButton>
    </form>
  );
}
