import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { ArrowLeft, Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { laterPageFor } from '../utils/later-pages';

/**
 * One honest page for every business screen a later issue builds: its name, that it is being
 * built, what it will do, and the way back to /app. No fake screen.
 */
export function ComingSoonPage({ pathname }: { pathname: string }) {
  const { t } = useTranslation('app');
  const key = laterPageFor(pathname);
  const title = key ? t(`comingSoon.pages.${key}.title`) : t('comingSoon.fallbackTitle');
  useDocumentTitle(`${title} · ${PRODUCT_NAME}`);

  return (
    <section className="mx-auto max-w-lg px-4 py-10 text-center" data-testid="coming-soon">
      <Hammer className="mx-auto size-12 text-primary" aria-hidden="true" />
      <Badge variant="primary" className="mt-4">
        {t('comingSoon.badge')}
      </Badge>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-foreground">{t('comingSoon.building')}</p>
      {key ? <p className="mt-1 text-muted-foreground">{t(`comingSoon.pages.${key}.purpose`)}</p> : null}
      <Link to={paths.app.root.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}
