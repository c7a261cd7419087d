import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { translatedServerMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useLiftSignInLock } from '../api/lift-sign-in-lock';

/**
 * The admin's own password sign-in: someone guessing at the admin address from many networks can
 * lock it (docs/security.md); signed in here (or with Google), the admin opens it again.
 */
export function SignInLockCard() {
  const { t } = useTranslation('admin');
  const lift = useLiftSignInLock();
  return (
    <section aria-labelledby="sign-in-lock-title" className="flex flex-col gap-2 rounded-md border p-4">
      <h2 id="sign-in-lock-title" className="text-lg font-bold">
        {t('signInLock.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('signInLock.intro')}</p>
      <Button
        variant="secondary"
        className="self-start"
        disabled={lift.isPending}
        onClick={() =>
          lift.mutate(undefined, {
            onSuccess: (answer) => void notify(translatedServerMessage(answer.message), 'success'),
            onError: (error) => void notify(error.message, 'error'),
          })
        }
      >
        {lift.isPending ? <Spinner className="size-5" /> : null}
        {t('signInLock.lift')}
      </Button>
    </section>
  );
}
