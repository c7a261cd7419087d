import { LoginRequestSchema, type AppUser } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { setSession } from '@/lib/session';
import { useAdminLogin } from '../api/admin-login';
import { FormField } from './form-field';
import { PendingButton } from './pending-button';

/** /admin/login email form: POST /api/admin/login; the server refuses any email but the admin's. */
export function AdminLoginForm({ onSignedIn, busy = false }: { onSignedIn: (user: AppUser) => void; busy?: boolean }) {
  const { t } = useTranslation('auth');
  const login = useAdminLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginRequestSchema), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (auth) => {
        setSession(auth);
        void notify(t('admin.loginSuccess'), 'success', t('admin.loginSuccessBody'));
        onSignedIn(auth.user);
      },
      onError: (error) => void notify(t('admin.loginFailed'), 'error', error.message),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.username?.message}
        {...register('username')}
      />
      <FormField
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={login.isPending}
        pendingText={t('admin.pending')}
        disabled={busy}
      >
        {t('admin.submit')}
      </PendingButton>
    </form>
  );
}
