import { LANGUAGES, isLanguage } from '@aaspaas/domain/rules';
import { Download, FileText, Info, LayoutDashboard, LogIn, Mail, Menu, Shield } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useLanguageChoice } from '@/hooks/use-language-choice';
import { isSignedIn } from '@/lib/auth';
import { DownloadAppDialog } from './download-app-dialog';

/**
 * The header menu of docs/product.md §2: dashboard or login, the Android app, the landing pages, and
 * the language.
 * Loaded on first use (Radix menu + floating-ui stay off the first load); opens at once.
 */
export default function AppMenuDropdown({ triggerClassName }: { triggerClassName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const signedIn = isSignedIn();
  const { t: tLanguage } = useTranslation('language');
  const language = useLanguageChoice();

  return (
    <>
      <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger aria-label={t('menu.open')} className={triggerClassName}>
          <Menu className="size-6" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {signedIn ? (
            <DropdownMenuItem onSelect={() => navigate(paths.app.root.getHref())}>
              <LayoutDashboard aria-hidden="true" />
              {t('menu.businessDashboard')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => navigate(paths.login.getHref())}>
              <LogIn aria-hidden="true" />
              {t('menu.businessLogin')}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setDownloadOpen(true)}>
            <Download aria-hidden="true" />
            {t('menu.downloadApp')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate(paths.terms.getHref())}>
            <FileText aria-hidden="true" />
            {t('menu.terms')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(paths.privacy.getHref())}>
            <Shield aria-hidden="true" />
            {t('menu.privacy')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(paths.aboutUs.getHref())}>
            <Info aria-hidden="true" />
            {t('menu.aboutUs')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(paths.contactUs.getHref())}>
            <Mail aria-hidden="true" />
            {t('menu.contactUs')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{tLanguage('title')}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={language.shown}
            onValueChange={(value) => {
              if (isLanguage(value)) void language.choose(value);
            }}
          >
            {LANGUAGES.map((lng) => (
              <DropdownMenuRadioItem key={lng} value={lng} lang={lng}>
                {tLanguage(lng)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <DownloadAppDialog open={downloadOpen} onOpenChange={setDownloadOpen} />
    </>
  );
}
