import { Download, Smartphone } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useAndroidApp } from '@/lib/api/get-android-app';
import { canInstallWebApp, installWebApp, isInstalledWebApp, subscribeInstallPrompt } from '@/lib/install-prompt';
import { isNativeApp } from '@/lib/native/platform';
import { downloadOffer, isAndroidBrowser } from './download-choice';

/** 'Download Android App': the Play Store listing on Android when published, else installing the web app. */
export function DownloadAppDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('dialogs');
  const canInstall = useSyncExternalStore(subscribeInstallPrompt, canInstallWebApp, () => false);
  const installed = useSyncExternalStore(subscribeInstallPrompt, isInstalledWebApp, () => false);
  const android = isAndroidBrowser();
  const app = useAndroidApp(open && android && !isNativeApp());
  const offer = downloadOffer({
    native: isNativeApp(),
    installed,
    android,
    playStoreUrl: app.data?.playStoreUrl ?? null,
    canInstall,
  });
  const loading = offer.kind === 'offer' && android && app.isPending;

  async function install() {
    if (await installWebApp()) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <Smartphone className="size-8 text-primary" aria-hidden="true" />
          <DialogTitle>{t('downloadApp.title')}</DialogTitle>
          <DialogDescription className="text-base text-foreground">
            {offer.kind === 'in-app'
              ? t('downloadApp.inApp')
              : offer.kind === 'installed'
                ? t('downloadApp.installed')
                : loading
                  ? t('downloadApp.loading')
                  : offer.playStoreUrl
                    ? t('downloadApp.playStoreHint')
                    : offer.install
                      ? t('downloadApp.installHint')
                      : t('downloadApp.manual')}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="flex-col gap-3 sm:flex-col">
          {offer.kind === 'offer' && offer.playStoreUrl ? (
            <a
              href={offer.playStoreUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'primary', size: 'lg' })}
            >
              <Smartphone aria-hidden="true" />
              {t('downloadApp.playStore')}
            </a>
          ) : null}
          {offer.kind === 'offer' && offer.install ? (
            <Button variant={offer.playStoreUrl ? 'soft' : 'primary'} className="min-h-12" onClick={() => void install()}>
              <Download aria-hidden="true" />
              {t('downloadApp.install')}
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button variant="ghost" className="min-h-12">
              {t('downloadApp.ok')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
