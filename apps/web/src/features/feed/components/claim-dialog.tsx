import { type Claim, formatRupees } from '@aaspaas/domain';
import { IndianRupee } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** Wide screens have no UPI app to open: they show the link as a QR code for the customer's phone. */
const DESKTOP_QUERY = '(min-width: 768px)';

/** The link as a QR code (qrcode, loaded only here), or nothing while it draws. */
function PayQr({ link, label }: { link: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) => qr.toDataURL(link, { width: 240, margin: 1 })).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [link]);
  return src ? (
    <img
      src={src}
      alt={label}
      width={240}
      height={240}
      data-testid="upi-qr"
      className="mx-auto rounded-xl border border-border"
    />
  ) : null;
}

/**
 * A claimed offer (docs/product.md §3, Claims): the code to show at the counter, and, when the shop takes
 * UPI, "Pay ₹X by UPI" — a upi:// link on a phone, a QR code of it on a wide screen. Loaded only when opened.
 */
export default function ClaimDialog({
  claim,
  onClose,
  restoreFocus,
}: {
  claim: Claim;
  onClose: () => void;
  restoreFocus?: () => void;
}) {
  const { t } = useTranslation('dialogs');
  const { t: tFeed } = useTranslation('feed');
  const desktop = typeof window !== 'undefined' && window.matchMedia?.(DESKTOP_QUERY).matches;
  const amount = claim.amountPaise !== null ? formatRupees(claim.amountPaise) : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        placement="sheet"
        data-testid="claim-dialog"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          restoreFocus?.();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('claim.title')}</DialogTitle>
          <DialogDescription>{t('claim.showCode', { business: claim.businessName })}</DialogDescription>
        </DialogHeader>
        <p
          data-testid="claim-code"
          aria-label={t('claim.codeLabel', { code: claim.code.split('').join(' ') })}
          className="my-4 text-center font-mono text-5xl font-extrabold tracking-[0.3em]"
        >
          {claim.code}
        </p>
        <p className="text-center text-sm text-muted-foreground">{claim.title}</p>
        {claim.payLink && amount ? (
          <div className="mt-4 flex flex-col gap-3">
            {desktop ? (
              <>
                <PayQr link={claim.payLink} label={t('claim.qrLabel', { amount })} />
                <p className="text-center text-sm text-muted-foreground">{t('claim.scan', { amount })}</p>
              </>
            ) : null}
            <a
              href={claim.payLink}
              data-testid="upi-pay-link"
              className={buttonVariants({ variant: 'primary', className: 'w-full' })}
            >
              <IndianRupee className="size-5" aria-hidden="true" />
              {tFeed('claim.pay', { amount })}
            </a>
            <p className="text-center text-xs text-muted-foreground">{t('claim.direct', { business: claim.businessName })}</p>
          </div>
        ) : (
          <p className="mt-4 text-center text-sm">{t('claim.cash', { amount: amount ?? '' })}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
