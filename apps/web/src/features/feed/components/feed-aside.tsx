import { Heart, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The wide-screen side panel: the Support Local message, a door for businesses, the site links. */
export function FeedAside() {
  const { t } = useTranslation('feed');
  const { t: tc } = useTranslation();
  const links = [
    [paths.aboutUs.getHref(), tc('menu.aboutUs')],
    [paths.contactUs.getHref(), tc('menu.contactUs')],
    [paths.terms.getHref(), tc('menu.terms')],
    [paths.privacy.getHref(), tc('menu.privacy')],
  ] as const;
  return (
    <div className="space-y-4">
      <section className="rounded-2xl border border-border bg-surface p-4">
        <h2 className="flex items-center gap-2 font-bold">
          <Heart className="size-5 fill-current text-danger" aria-hidden="true" />
          {t('supportLocal.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('supportLocal.body')}</p>
      </section>
      <section className="rounded-2xl border border-border bg-surface p-4">
        <h2 className="flex items-center gap-2 font-bold">
          <Store className="size-5 text-primary" aria-hidden="true" />
          {t('aside.businessTitle')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('aside.businessBody')}</p>
        <Link to={paths.login.getHref()} className={buttonVariants({ size: 'sm', className: 'mt-3 w-full' })}>
          {t('aside.businessLogin')}
        </Link>
      </section>
      <nav aria-label={t('aside.linksLabel')}>
        <ul className="flex flex-wrap gap-x-3 px-1 text-sm">
          {links.map(([href, label]) => (
            <li key={href}>
              <Link
                to={href}
                className="inline-flex min-h-11 items-center text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
