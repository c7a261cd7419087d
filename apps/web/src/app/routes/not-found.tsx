import { Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Any other path: '404 Page Not Found' inside the app container (docs/product.md §2). */
export function Component() {
  const { t } = useTranslation();
  return (
    <PublicLayout mainClassName="px-4 py-12 text-center">
      <p aria-hidden="true" className="text-6xl font-extrabold text-primary">
        404
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('notFound.body')}</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        <Home className="size-5" aria-hidden="true" />
        {t('notFound.back')}
      </Link>
    </PublicLayout>
  );
}
