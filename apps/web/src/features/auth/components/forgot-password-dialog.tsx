import { ForgotPasswordRequestSchema } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { FormField } from './form-field';
import { PendingButton } from './pending-button';

/** 'Reset Password' dialog (docs/product.md §2, §4): closes and resets once the request succeeds. */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  defaultEmail = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordRequestSchema), defaultValues: { email: '' } });

  // Each opening starts fresh, with the email already typed in the login form.
  useEffect(() => {
    if (open) reset({ email: defaultEmail });
  }, [open, defaultEmail, reset]);

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: () => {
        void notify(t('toast.resetSent'), 'success', t('toast.resetSentBody'));
        reset({ email: '' });
        onOpenChange(false);
      },
      onError: (error) => void notify(t('toast.resetFailed'), 'error', error.message),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('forgot.title')}</DialogTitle>
          <DialogDescription>{t('forgot.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('forgot.cancel')}</Button>
            </DialogClose>
            <PendingButton type="submit" pending={forgot.isPending} pendingText={t('forgot.pending')}>
              {t('forgot.submit')}
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
