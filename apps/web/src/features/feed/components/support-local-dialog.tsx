import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** 'Support Local' popup (docs/product.md §2). */
export default function SupportLocalDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('feed');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="support-local" hideClose>
        <DialogHeader className="items-center pr-0 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
            <Heart className="size-7 fill-current" aria-hidden="true" />
          </span>
          <DialogTitle className="text-xl">{t('supportLocal.title')}</DialogTitle>
          <DialogDescription className="text-base text-foreground">{t('supportLocal.body')}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          <DialogClose asChild>
            <Button size="lg" className="w-full sm:w-auto sm:min-w-40">
              {t('supportLocal.ok')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
