import { QrCode, SearchX, Upload, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ROW_HEIGHT_REM } from './contact-row';

export function ContactsSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('contacts');
  return (
    <div className="rounded-2xl border border-border bg-surface" data-testid="contacts-loading">
      <span className="sr-only">{t('list.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 border-b border-border px-3" style={{ height: `${ROW_HEIGHT_REM}rem` }}>
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="size-10 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** No contacts at all: what the list is for, and the three ways to fill it. */
export function ContactsEmpty({ onImport }: { onImport: () => void }) {
  const { t } = useTranslation('contacts');
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-center" aria-labelledby="contacts-empty-title">
      <Users className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h2 id="contacts-empty-title" className="mt-3 text-xl font-bold">
        {t('empty.title')}
      </h2>
      <p className="mt-2 text-muted-foreground">{t('empty.body')}</p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to={paths.app.addContact.getHref()} className={buttonVariants({ size: 'lg' })}>
          <UserPlus className="size-5" aria-hidden="true" />
          {t('actions.add')}
        </Link>
        <Button variant="secondary" size="lg" onClick={onImport}>
          <Upload className="size-5" aria-hidden="true" />
          {t('actions.import')}
        </Button>
        <Link to={paths.app.addCustomerContact.getHref()} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          <QrCode className="size-5" aria-hidden="true" />
          {t('empty.showQr')}
        </Link>
      </div>
    </section>
  );
}

/** A search or tag that matches nobody. */
export function ContactsNoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('contacts');
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-center">
      <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold">{t('noMatch.title')}</h2>
      <p className="mt-1 text-muted-foreground">{t('noMatch.body')}</p>
      <Button variant="secondary" size="lg" className="mt-4" onClick={onClear}>
        {t('noMatch.clear')}
      </Button>
    </section>
  );
}
