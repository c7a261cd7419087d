import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { APP_NAV_ITEMS, isNavItemActive } from './app-nav-items';

/** Wide screens: every destination in a left column. */
export function AppSidebar({ className }: { className?: string }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')} className={className}>
      <ul className="sticky top-20 flex flex-col gap-1 py-4">
        {APP_NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          const Icon = item.icon;
          return (
            <li key={item.key}>
              <Link
                to={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-3 rounded-xl px-3 font-semibold hover:bg-muted',
                  active ? 'bg-primary-soft text-primary-hover' : 'text-foreground',
                )}
              >
                <Icon className={cn('size-5', active ? 'text-primary' : 'text-muted-foreground')} aria-hidden="true" />
                {t(`nav.long.${item.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
