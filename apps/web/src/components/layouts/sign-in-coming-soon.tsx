import { PRODUCT_NAME } from '@aaspaas/domain';
import { ArrowLeft, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PublicLayout } from './public-layout';

type Key = 'loginTitle' | 'appTitle';

/** Honest placeholder for the business sign-in and dashboard pages: coming soon, back to the feed. */
export function SignInComingSoon({ titleKey, bodyKey }: { titleKey: Key; bodyKey: 'loginBody' | 'appBody' }) {
  const { t } = useTranslation('placeholders');
  useDocumentTitle(`${t(titleKey)} · ${PRODUCT_NAME}`);
  return (
    <PublicLayout mainClassName="px-4 py-10 text-center">
      <Store className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold">{t(titleKey)}</h1>
      <p className="mx-auto mt-2 max-w-sm text-muted-foreground">{t(bodyKey)}</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        {t('backToFeed')}
      </Link>
    </PublicLayout>
  );
}
