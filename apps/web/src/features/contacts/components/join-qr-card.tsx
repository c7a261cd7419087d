import { Copy, MessageCircle, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/notify';
import { useQrCode } from '../hooks/use-qr-code';
import { whatsappShareHref } from '../utils/contact-links';

// Printing shows the poster alone: everything else is hidden, the poster fills the page.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .qr-poster, .qr-poster * { visibility: visible !important; }
  .qr-poster { display: flex !important; position: fixed; inset: 0; background: #fff; }
}`;

async function copy(text: string, t: (key: 'qr.copied' | 'qr.copyFailed') => string) {
  try {
    await navigator.clipboard.writeText(text);
    void notify(t('qr.copied'), 'success');
  } catch {
    void notify(t('qr.copyFailed'), 'error', text);
  }
}

/**
 * The business's QR code and link to its public opt-in page (/join/{userId}): customers scan it
 * and add themselves, with their own consent. Copy, share on WhatsApp, or print a poster.
 */
export function JoinQrCard({ joinUrl, businessName }: { joinUrl: string; businessName: string }) {
  const { t } = useTranslation('contacts');
  const qr = useQrCode(joinUrl);
  const alt = t('qr.alt', { business: businessName });
  const image = qr.src ? (
    <img src={qr.src} alt={alt} width={224} height={224} className="size-56 rounded-xl border border-border bg-white p-2" />
  ) : qr.error ? (
    <p role="alert" className="text-sm font-semibold text-danger">
      {t('qr.failed')}
    </p>
  ) : (
    <Skeleton className="size-56 rounded-xl" />
  );

  return (
    <section
      aria-labelledby="join-qr-title"
      className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-5 text-center"
    >
      <style>{PRINT_CSS}</style>
      <div>
        <h2 id="join-qr-title" className="text-lg font-bold">
          {t('qr.title')}
        </h2>
        <p className="text-muted-foreground">{t('qr.intro')}</p>
      </div>
      {image}
      <p className="w-full rounded-xl bg-muted px-3 py-2 font-mono text-sm break-all" data-testid="join-link">
        {joinUrl}
      </p>
      <div className="grid w-full grid-cols-1 gap-2 sm:grid-cols-3">
        <Button variant="secondary" size="lg" onClick={() => void copy(joinUrl, t)}>
          <Copy className="size-5" aria-hidden="true" />
          {t('qr.copy')}
        </Button>
        <a
          href={whatsappShareHref(t('qr.shareText', { business: businessName, url: joinUrl }))}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'whatsapp', size: 'lg' })}
        >
          <MessageCircle className="size-5" aria-hidden="true" />
          {t('qr.share')}
        </a>
        <Button variant="secondary" size="lg" onClick={() => window.print()} disabled={!qr.src}>
          <Printer className="size-5" aria-hidden="true" />
          {t('qr.print')}
        </Button>
      </div>

      {qr.src ? (
        <div
          className="qr-poster hidden flex-col items-center justify-center gap-6 p-10 text-center text-black"
          aria-hidden="true"
        >
          <p className="text-4xl font-extrabold">{businessName}</p>
          <p className="text-2xl">{t('qr.posterHeadline')}</p>
          <img src={qr.src} alt="" className="size-[12cm]" />
          <p className="text-lg">{t('qr.posterConsent')}</p>
          <p className="font-mono text-base break-all">{joinUrl}</p>
        </div>
      ) : null}
    </section>
  );
}
