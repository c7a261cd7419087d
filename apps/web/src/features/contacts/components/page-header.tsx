import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A contacts screen's heading, with the way back to the list when it is not the list. */
export function PageHeader({
  title,
  intro,
  back = true,
  children,
}: {
  title: string;
  intro?: string;
  back?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('contacts');
  return (
    <header className="flex flex-col gap-1">
      {back ? (
        <Link
          to={paths.app.contacts.getHref()}
          className="-ml-2 inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 font-semibold text-primary hover:bg-muted"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
          {t('backToList')}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl leading-tight font-extrabold break-words">{title}</h1>
        {children}
      </div>
      {intro ? <p className="text-muted-foreground">{intro}</p> : null}
    </header>
  );
}
