import { type Claim, type Post, formatRupees } from '@aaspaas/domain';
import { IndianRupee, PackageCheck, PackageX, Ticket } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIndiaTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useClaimOffer } from '../api/claim-offer';

const ClaimDialog = lazy(() => import('./claim-dialog'));

/** A post's live stock (docs/product.md §3): text and an icon, never colour alone. */
export function StockLabel({ post }: { post: Post }) {
  const { t } = useTranslation('feed');
  if (!post.stock) return null;
  const soldOut = post.stock.status === 'soldOut';
  const Icon = soldOut ? PackageX : PackageCheck;
  return (
    <p
      data-testid="stock-status"
      className={cn(
        'mx-4 mt-3 flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold',
        soldOut ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {soldOut ? t('stock.soldOut') : t('stock.freshAt', { time: formatIndiaTime(post.stock.until) })}
    </p>
  );
}

/**
 * An offer's counter (docs/product.md §3, UPI at the counter, Claims): "Pay ₹X by UPI" when the shop has a
 * UPI ID, else "Claim offer"; either makes a claim and opens its code. Only on a live offer with a price.
 */
export function PostCounter({ post }: { post: Post }) {
  const { t } = useTranslation('feed');
  const claim = useClaimOffer();
  const [claimed, setClaimed] = useState<Claim | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (post.ourPricePaise === null || post.stock?.status === 'soldOut') return null;
  const upi = Boolean(post.businessUpiId);
  const start = () =>
    claim.mutate(post.id, {
      onSuccess: setClaimed,
      onError: (error) => void notify(error.message, 'error'),
    });
  return (
    <div className="px-4 pt-3">
      <button
        ref={opener}
        type="button"
        data-testid={upi ? 'pay-upi-button' : 'claim-button'}
        onClick={start}
        disabled={claim.isPending}
        className="flex min-h-12 w-full items-center justify-center gap-2 rounded-xl border-2 border-primary px-3 font-semibold text-primary-hover hover:bg-primary-soft disabled:opacity-60"
      >
        {upi ? <IndianRupee className="size-5" aria-hidden="true" /> : <Ticket className="size-5" aria-hidden="true" />}
        {upi ? t('claim.pay', { amount: formatRupees(post.ourPricePaise) }) : t('claim.claim')}
      </button>
      <Suspense fallback={null}>
        {claimed ? (
          <ClaimDialog claim={claimed} onClose={() => setClaimed(null)} restoreFocus={() => opener.current?.focus()} />
        ) : null}
      </Suspense>
    </div>
  );
}
