import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { ArrowLeft, Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { laterAdminPageFor } from '../utils/admin-pages';

/** An admin page a later issue builds: its name, what it will do, and the way back to the dashboard. */
export function AdminComingSoon({ pathname }: { pathname: string }) {
  const { t } = useTranslation('admin');
  const key = laterAdminPageFor(pathname);
  const title = key ? t(`pages.${key}.title`) : t('comingSoon.fallbackTitle');
  useDocumentTitle(`${title} · ${t('title', { product: PRODUCT_NAME })}`);

  return (
    <section className="max-w-lg py-6" data-testid="admin-coming-soon">
      <Hammer className="size-10 text-primary" aria-hidden="true" />
      <Badge variant="primary" className="mt-3">
        {t('comingSoon.badge')}
      </Badge>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-3">{t('comingSoon.building')}</p>
      {key ? <p className="mt-1 text-muted-foreground">{t(`pages.${key}.purpose`)}</p> : null}
      <Link to={paths.admin.dashboard.getHref()} className={buttonVariants({ variant: 'secondary', className: 'mt-6' })}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}
