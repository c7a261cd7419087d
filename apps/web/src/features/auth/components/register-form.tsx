import { RegisterRequestSchema, type AppUser } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { setSession } from '@/lib/session';
import { useRegister } from '../api/register';
import { FormField } from './form-field';
import { PendingButton } from './pending-button';

/** Register tab: Email, Password, Your Name, Business Name, Mobile Number (docs/product.md §2, §5). */
export function RegisterForm({
  onSignedIn,
  onSwitch,
  busy = false,
}: {
  onSignedIn: (user: AppUser) => void;
  onSwitch: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('auth');
  const registerUser = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterRequestSchema),
    defaultValues: { username: '', password: '', name: '', businessName: '', mobileNumber: '' },
  });

  const onSubmit = handleSubmit((values) =>
    registerUser.mutate(values, {
      onSuccess: (auth) => {
        setSession(auth);
        void notify(t('toast.registerSuccess'), 'success');
        onSignedIn(auth.user);
      },
      onError: (error) => void notify(t('toast.registerFailed'), 'error', error.message),
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormField label={t('fields.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <FormField
          label={t('fields.businessName')}
          autoComplete="organization"
          error={errors.businessName?.message}
          {...register('businessName')}
        />
        <FormField
          label={t('fields.mobileNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.mobileNumber?.message}
          {...register('mobileNumber')}
        />
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={registerUser.isPending}
          pendingText={t('register.pending')}
          disabled={busy}
        >
          {t('register.submit')}
        </PendingButton>
      </form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        {t('register.switchPrompt')}{' '}
        <Button variant="link" size="sm" className="px-1" onClick={onSwitch}>
          {t('register.switchAction')}
        </Button>
      </p>
    </>
  );
}
