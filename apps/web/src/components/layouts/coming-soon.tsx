import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PublicLayout } from './public-layout';

/** Temporary page body for routes whose screens are built in later issues. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PublicLayout mainClassName="px-4 py-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{t('placeholder.comingSoon')}</p>
      <Link to={paths.home.getHref()} className="mt-6 inline-flex min-h-11 items-center font-semibold text-primary underline">
        {t('placeholder.back')}
      </Link>
    </PublicLayout>
  );
}
