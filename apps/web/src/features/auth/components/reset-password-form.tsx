import { ChangePasswordRequestSchema, ResetPasswordRequestSchema } from '@aaspaas/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, translatedServerMessage } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { FormField } from './form-field';
import { PendingButton } from './pending-button';

/** The new password (docs/product.md §5 rules) typed twice; the two must match. */
function resetFormSchema(mismatch: string) {
  return ResetPasswordRequestSchema.pick({ password: true })
    .extend({ confirmPassword: ChangePasswordRequestSchema.shape.currentPassword })
    .superRefine((v, ctx) => {
      if (v.password !== v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: mismatch });
    });
}

export type ResetOutcome = { kind: 'done'; message: string } | { kind: 'invalid'; message: string };

/**
 * POST /api/auth/reset-password with the link's token. A 400 means the link is unusable (invalid,
 * used or expired): the page then offers a new one. Other failures stay on the form to retry.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (outcome: ResetOutcome) => void }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const schema = useMemo(() => resetFormSchema(t('reset.mismatch')), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: (res) => onDone({ kind: 'done', message: translatedServerMessage(res.message) }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) onDone({ kind: 'invalid', message: error.message });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label={t('reset.newPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormField
        label={t('reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {reset.isError && !(reset.error instanceof ApiError && reset.error.status === 400) ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm text-danger">
          {t('toast.resetFailed')}: {reset.error.message}
        </p>
      ) : null}
      <PendingButton type="submit" size="lg" className="w-full" pending={reset.isPending} pendingText={t('reset.pending')}>
        {t('reset.submit')}
      </PendingButton>
    </form>
  );
}
