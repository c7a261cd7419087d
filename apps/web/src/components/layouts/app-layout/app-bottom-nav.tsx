import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { BAR_NAV_ITEMS, isNavItemActive, MORE_NAV_ITEMS, type BarNavItem } from './app-nav-items';

const tabClass =
  'flex min-h-16 flex-1 flex-col items-center justify-center gap-1 rounded-xl px-1 text-xs font-semibold text-muted-foreground hover:bg-muted';
const activeTabClass = 'text-primary';

function BarTab({ item, active }: { item: BarNavItem; active: boolean }) {
  const { t } = useTranslation('app');
  const Icon = item.icon;
  return (
    <li className="flex flex-1">
      <Link to={item.href} aria-current={active ? 'page' : undefined} className={cn(tabClass, active && activeTabClass)}>
        <Icon className="size-6" aria-hidden="true" strokeWidth={active ? 2.5 : 2} />
        {t(`nav.short.${item.key}`)}
      </Link>
    </li>
  );
}

/**
 * The phone's bottom bar (hidden on wide screens, where the sidebar shows everything): four large
 * tabs and More, a sheet with the remaining destinations.
 */
export function AppBottomNav({ className }: { className?: string }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const barItems = BAR_NAV_ITEMS;
  const moreItems = MORE_NAV_ITEMS;
  const moreActive = moreItems.some((item) => isNavItemActive(item, pathname));

  return (
    <nav
      aria-label={t('nav.label')}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface px-1 pb-[env(safe-area-inset-bottom)]',
        className,
      )}
    >
      <ul className="mx-auto flex max-w-xl items-stretch">
        {barItems.map((item) => (
          <BarTab key={item.key} item={item} active={isNavItemActive(item, pathname)} />
        ))}
        <li className="flex flex-1">
          <Dialog open={moreOpen} onOpenChange={setMoreOpen}>
            {/* The trigger gets focus back when the sheet closes. */}
            <DialogTrigger data-active={moreActive || undefined} className={cn(tabClass, moreActive && activeTabClass)}>
              <Ellipsis className="size-6" aria-hidden="true" strokeWidth={moreActive ? 2.5 : 2} />
              {t('nav.short.more')}
            </DialogTrigger>
            <DialogContent placement="sheet">
              <DialogHeader>
                <DialogTitle>{t('nav.moreTitle')}</DialogTitle>
                <DialogDescription className="sr-only">{t('nav.moreDescription')}</DialogDescription>
              </DialogHeader>
              <ul className="flex flex-col gap-1">
                {moreItems.map((item) => {
                  const active = isNavItemActive(item, pathname);
                  const Icon = item.icon;
                  return (
                    <li key={item.key}>
                      <Link
                        to={item.href}
                        aria-current={active ? 'page' : undefined}
                        onClick={() => setMoreOpen(false)}
                        className={cn(
                          'flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-semibold hover:bg-muted',
                          active ? 'bg-primary-soft text-primary-hover' : 'text-foreground',
                        )}
                      >
                        <Icon className="size-5 text-primary" aria-hidden="true" />
                        {t(`nav.long.${item.key}`)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </DialogContent>
          </Dialog>
        </li>
      </ul>
    </nav>
  );
}
