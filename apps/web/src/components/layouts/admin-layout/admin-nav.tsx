import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { ADMIN_NAV_ITEMS, isAdminNavItemActive } from './admin-nav-items';

/** The admin pages as a vertical list; `onNavigate` lets the phone's menu close after a tap. */
export function AdminNav({ id, className, onNavigate }: { id?: string; className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  return (
    <nav id={id} aria-label={t('nav.label')} className={className}>
      <ul className="flex flex-col gap-1">
        {ADMIN_NAV_ITEMS.map((item) => {
          const active = isAdminNavItemActive(item, pathname);
          const Icon = item.icon;
          return (
            <li key={item.key}>
              <Link
                to={item.href}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                className={cn(
                  'flex min-h-11 items-center gap-3 rounded-xl px-3 font-semibold hover:bg-muted',
                  active ? 'bg-primary-soft text-primary-hover' : 'text-foreground',
                )}
              >
                <Icon className={cn('size-5 shrink-0', active ? 'text-primary' : 'text-muted-foreground')} aria-hidden="true" />
                {t(`pages.${item.key}.title`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
