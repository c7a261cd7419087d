import { LoginRequestSchema, type AppUser } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { setSession } from '@/lib/session';
import { useLogin } from '../api/login';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { FormField } from './form-field';
import { PendingButton } from './pending-button';

/** Login tab: email and password (docs/product.md §2, §5), 'Forgot password?' and the switch to Register. */
export function LoginForm({
  onSignedIn,
  onSwitch,
  forgotInitiallyOpen = false,
  busy = false,
}: {
  onSignedIn: (user: AppUser) => void;
  onSwitch: () => void;
  forgotInitiallyOpen?: boolean;
  /** Another sign-in (Google) is under way. */
  busy?: boolean;
}) {
  const { t } = useTranslation('auth');
  const [forgotOpen, setForgotOpen] = useState(forgotInitiallyOpen);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginRequestSchema), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (auth) => {
        setSession(auth);
        void notify(t('toast.loginSuccess'), 'success', t('toast.loginSuccessBody'));
        onSignedIn(auth.user);
      },
      onError: (error) => void notify(t('toast.loginFailed'), 'error', error.message),
    }),
  );

  return (
    <>
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
        <div className="-mt-1 flex justify-end">
          <Button variant="link" size="sm" className="px-1" onClick={() => setForgotOpen(true)}>
            {t('login.forgot')}
          </Button>
        </div>
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={login.isPending}
          pendingText={t('login.pending')}
          disabled={busy}
        >
          {t('login.submit')}
        </PendingButton>
      </form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        {t('login.switchPrompt')}{' '}
        <Button variant="link" size="sm" className="px-1" onClick={onSwitch}>
          {t('login.switchAction')}
        </Button>
      </p>
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        defaultEmail={forgotOpen ? getValues('username') : ''}
      />
    </>
  );
}
