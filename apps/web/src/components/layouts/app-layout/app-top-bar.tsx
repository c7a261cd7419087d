import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { Globe, LogOut, Settings, UserPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';

export type AppTopBarProps = {
  businessName: string;
  onSignOut: () => void;
  signingOut: boolean;
};

function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** Sticky top bar: the product name (home of the app), the business, and the account menu. */
export function AppTopBar({ businessName, onSignOut, signingOut }: AppTopBarProps) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface pt-[env(safe-area-inset-top)]">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1">
        <Link to={paths.app.root.getHref()} className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-xl pr-1">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
          <span className="text-lg font-extrabold tracking-tight text-primary">{PRODUCT_NAME}</span>
        </Link>
        <p className="min-w-0 flex-1 truncate text-sm font-semibold text-muted-foreground" data-testid="app-business-name">
          {businessName}
        </p>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger
            aria-label={t('account.menu')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-muted data-[state=open]:bg-muted"
          >
            <span
              aria-hidden="true"
              className="inline-flex size-9 items-center justify-center rounded-full bg-primary-soft font-bold text-primary-hover"
            >
              {initial(businessName)}
            </span>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel className="max-w-64 truncate">{businessName}</DropdownMenuLabel>
            <DropdownMenuItem onSelect={() => navigate(paths.account.editProfile.getHref())}>
              <UserPen aria-hidden="true" />
              {t('account.editProfile')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate(paths.account.settings.getHref())}>
              <Settings aria-hidden="true" />
              {t('account.settings')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate(paths.home.getHref())}>
              <Globe aria-hidden="true" />
              {t('account.viewFeed')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem disabled={signingOut} onSelect={onSignOut}>
              <LogOut aria-hidden="true" />
              {signingOut ? t('account.signingOut') : t('account.signOut')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
