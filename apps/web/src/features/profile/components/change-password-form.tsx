import { ChangePasswordRequestSchema } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { ApiError, serverErrorField } from '@/lib/api-client';
import { isNetworkError } from '@/lib/not-found';
import { useChangePassword } from '../api/change-password';
import { FormField } from '@/components/ui/form-field';

type Messages = { currentRequired: string; mismatch: string };

/** The domain's password rules, plus what only the form knows: the current password and the repeat. */
function changePasswordFormSchema(needsCurrent: boolean, messages: Messages) {
  return ChangePasswordRequestSchema.extend({ confirmPassword: ChangePasswordRequestSchema.shape.currentPassword }).superRefine(
    (v, ctx) => {
      if (needsCurrent && !v.currentPassword) {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: messages.currentRequired });
      }
      if (v.confirmPassword !== v.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.mismatch });
      }
    },
  );
}

type FormValues = { currentPassword?: string; newPassword: string; confirmPassword?: string };

/**
 * Change the password (or set one, for an account made with Google). The server signs out every
 * other device and answers a fresh session for this one.
 */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const change = useChangePassword();
  const schema = useMemo(
    () =>
      changePasswordFormSchema(hasPassword, { currentRequired: t('password.currentRequired'), mismatch: t('password.mismatch') }),
    [hasPassword, t],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync({
        currentPassword: hasPassword ? values.currentPassword : undefined,
        newPassword: values.newPassword,
      });
      reset();
      void notify(
        hasPassword ? t('password.changed') : t('password.set'),
        'success',
        hasPassword ? t('password.changedBody') : t('password.setBody'),
      );
    } catch (error) {
      const message = isNetworkError(error) ? tCommon('errors.offline') : (error as Error).message;
      const field = error instanceof ApiError ? serverErrorField(error, { currentPassword: 'currentPassword' } as const) : null;
      if (field) setError(field, { message }, { shouldFocus: true });
      else setError('root.server', { message });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label={t('password.formLabel')}>
      {hasPassword ? (
        <FormField id="current-password" label={t('password.current')} error={errors.currentPassword?.message}>
          {(aria) => <Input {...aria} {...register('currentPassword')} type="password" autoComplete="current-password" />}
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">{t('password.noneYet')}</p>
      )}
      <FormField id="new-password" label={t('password.new')} hint={t('password.newHint')} error={errors.newPassword?.message}>
        {(aria) => <Input {...aria} {...register('newPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField id="confirm-password" label={t('password.confirm')} error={errors.confirmPassword?.message}>
        {(aria) => <Input {...aria} {...register('confirmPassword')} type="password" autoComplete="new-password" />}
      </FormField>
      {errors.root?.server?.message ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {errors.root.server.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? <Spinner className="size-5" /> : <KeyRound className="size-5" aria-hidden="true" />}
        {isSubmitting ? t('password.pending') : hasPassword ? t('password.submit') : t('password.submitSet')}
      </Button>
    </form>
  );
}
