import { PRODUCT_NAME, type AppUser } from '@aaspaas/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BackHeader } from '@/components/layouts/app-layout/back-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ProfileForm } from './profile-form';
import { ProfileImageField } from './profile-image-field';

const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), textarea, button:not([disabled])';

/** The /app home links each missing step to '/edit-profile#{step}': bring that field into view. */
function useFocusFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    const control = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
    control?.focus({ preventScroll: true });
  }, [hash]);
}

/**
 * /edit-profile: the business profile that places posts on the map and lets customers reach the shop;
 * `counter` (drawn by the counter feature) holds its opening hours and UPI ID.
 */
export function EditProfilePage({ user, counter }: { user: AppUser; counter?: ReactNode }) {
  const { t } = useTranslation('profile');
  useDocumentTitle(`${t('title')} · ${PRODUCT_NAME}`);
  useFocusFromHash();

  return (
    <div className="min-h-dvh bg-background">
      <BackHeader backTo={paths.app.root.getHref()} backLabel={t('back')} title={t('title')} />
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-2xl flex-col gap-6 px-4 pt-5 focus:outline-none">
        <p className="text-muted-foreground">{t('intro')}</p>
        <ProfileImageField imageUrl={user.profileImageUrl} businessName={user.businessName} />
        <ProfileForm user={user} />
        {counter}
      </main>
    </div>
  );
}
