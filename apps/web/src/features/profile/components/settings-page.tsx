import { PRODUCT_NAME, type AppUser } from '@aaspaas/domain';
import { ChevronRight, FileText, Languages, LogOut, MonitorSmartphone, Shield, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BackHeader } from '@/components/layouts/app-layout/back-header';
import { LanguageSwitch } from '@/components/layouts/language-switch';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { notify } from '@/lib/notify';
import { isNetworkError } from '@/lib/not-found';
import { useSignOut } from '@/lib/session';
import { cn } from '@/lib/utils';
import { useDeleteAccount } from '../api/delete-account';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountDialog } from './delete-account-dialog';

function SettingsSection({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border bg-surface p-4', danger ? 'border-danger/50' : 'border-border')}
    >
      <h2 id={headingId} className={cn('mb-3 text-lg font-bold', danger && 'text-danger')}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function LegalLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link to={to} className="flex min-h-12 items-center gap-3 rounded-xl px-2 font-semibold hover:bg-muted">
      {icon}
      <span className="flex-1">{children}</span>
      <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

/**
 * /settings: password, signing out (here or everywhere), language, `speech` (the counter feature's switch
 * for saying redeemed claims aloud), legal pages, deleting the account.
 */
export function SettingsPage({ user, speech }: { user: Pick<AppUser, 'hasPassword'>; speech?: ReactNode }) {
  const { t } = useTranslation('profile');
  const { t: tCommon } = useTranslation();
  const { signOut, signOutEverywhere, pending: signingOut } = useSignOut();
  // After a deletion there is no account to log in to: leave for the public feed instead of /login.
  const leaveAfterDeletion = useSignOut({ redirectTo: paths.home.getHref() });
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  useDocumentTitle(`${t('settings.title')} · ${PRODUCT_NAME}`);

  async function deleteAccount() {
    setDeleteError(null);
    try {
      await deletion.mutateAsync();
    } catch (error) {
      setDeleteError(isNetworkError(error) ? tCommon('errors.offline') : (error as Error).message);
      return;
    }
    setDeleteOpen(false);
    // Leave the signed-in pages first: ending the session under them makes their guard send the
    // visitor to /login, but there is no account to log in to any more. Then clear this device.
    await navigate(paths.home.getHref(), { replace: true });
    await leaveAfterDeletion.signOut();
    void notify(t('delete.done'), 'success', t('delete.doneBody'));
  }

  return (
    <div className="min-h-dvh bg-background">
      <BackHeader backTo={paths.app.root.getHref()} backLabel={t('back')} title={t('settings.title')} />
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-5 focus:outline-none">
        <SettingsSection title={user.hasPassword ? t('password.title') : t('password.titleSet')}>
          <ChangePasswordForm hasPassword={user.hasPassword} />
        </SettingsSection>

        <SettingsSection title={t('settings.signOutTitle')}>
          <div className="flex flex-col gap-3">
            <Button variant="secondary" className="self-start" onClick={() => void signOut()} disabled={signingOut}>
              <LogOut className="size-5" aria-hidden="true" />
              {t('settings.signOut')}
            </Button>
            <div>
              <Button variant="secondary" onClick={() => void signOutEverywhere()} disabled={signingOut}>
                <MonitorSmartphone className="size-5" aria-hidden="true" />
                {t('settings.signOutEverywhere')}
              </Button>
              <p className="mt-1 text-sm text-muted-foreground">{t('settings.signOutEverywhereHint')}</p>
            </div>
          </div>
        </SettingsSection>

        <SettingsSection title={t('settings.languageTitle')}>
          <div className="flex items-center gap-3">
            <Languages className="size-5 text-muted-foreground" aria-hidden="true" />
            <LanguageSwitch />
          </div>
        </SettingsSection>

        {speech ? <SettingsSection title={t('settings.speechTitle')}>{speech}</SettingsSection> : null}

        <SettingsSection title={t('settings.legalTitle')}>
          <nav aria-label={t('settings.legalTitle')} className="flex flex-col">
            <LegalLink
              to={paths.account.termsConditions.getHref()}
              icon={<FileText className="size-5 text-primary" aria-hidden="true" />}
            >
              {t('settings.terms')}
            </LegalLink>
            <LegalLink
              to={paths.account.privacyTerms.getHref()}
              icon={<Shield className="size-5 text-primary" aria-hidden="true" />}
            >
              {t('settings.privacy')}
            </LegalLink>
          </nav>
        </SettingsSection>

        <SettingsSection title={t('settings.dangerTitle')} danger>
          <p className="text-sm text-muted-foreground">{t('settings.deleteHint')}</p>
          <button
            type="button"
            className={buttonVariants({ variant: 'danger', className: 'mt-3' })}
            onClick={() => setDeleteOpen(true)}
          >
            <Trash2 className="size-5" aria-hidden="true" />
            {t('settings.delete')}
          </button>
          <DeleteAccountDialog
            open={deleteOpen}
            onOpenChange={(open) => {
              setDeleteOpen(open);
              if (!open) setDeleteError(null);
            }}
            onConfirm={() => void deleteAccount()}
            pending={deletion.isPending || leaveAfterDeletion.pending}
            error={deleteError}
          />
        </SettingsSection>
      </main>
    </div>
  );
}
