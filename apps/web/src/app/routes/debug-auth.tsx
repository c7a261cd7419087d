import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { DebugPanel } from '@/features/debug/components/debug-panel';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /debug-auth: what support needs to know about this browser, without secrets. */
export function Component() {
  const { t } = useTranslation('debug');
  useDocumentTitle(`${t('title')} · ${PRODUCT_NAME}`);
  return (
    <PublicLayout mainClassName="px-4 pt-2 pb-16 sm:px-2">
      <Link
        to={paths.home.getHref()}
        className="-mx-2 my-1 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 font-semibold text-primary hover:bg-muted"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
        {t('backToFeed')}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">{t('title')}</h1>
      <p className="mt-1 mb-4 text-muted-foreground">{t('intro')}</p>
      <DebugPanel />
    </PublicLayout>
  );
}
