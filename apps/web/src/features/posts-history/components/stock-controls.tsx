import type { OwnPost } from '@aaspaas/domain';
import { PackageCheck, PackageX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatIndiaTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSetStock } from '../api/set-stock';

/**
 * Live stock of a post (docs/product.md §3): "Sold out" until midnight, "Fresh stock at 5 pm" until then,
 * or clear it. It ends by itself; the feed's order never changes.
 */
export function StockControls({ post }: { post: OwnPost }) {
  const { t } = useTranslation('posts-history');
  const stock = useSetStock();
  const [at, setAt] = useState('17:00');
  const id = useId();
  const set = (input: Parameters<typeof stock.mutate>[0]['input']) =>
    stock.mutate({ postId: post.id, input }, { onError: (error) => void notify(error.message, 'error') });
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="stock-controls">
      <p className="font-semibold">
        {post.stock
          ? post.stock.status === 'soldOut'
            ? t('stock.nowSoldOut')
            : t('stock.nowFreshAt', { time: formatIndiaTime(post.stock.until) })
          : t('stock.none')}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="secondary" size="sm" disabled={stock.isPending} onClick={() => set({ status: 'soldOut' })}>
          <PackageX className="size-5" aria-hidden="true" />
          {t('stock.soldOut')}
        </Button>
        <label htmlFor={id} className="sr-only">
          {t('stock.freshAtLabel')}
        </label>
        <Input id={id} type="time" value={at} onChange={(e) => setAt(e.target.value)} className="w-32" />
        <Button variant="secondary" size="sm" disabled={stock.isPending} onClick={() => set({ status: 'freshAt', at })}>
          <PackageCheck className="size-5" aria-hidden="true" />
          {t('stock.freshAt')}
        </Button>
        {post.stock ? (
          <Button variant="ghost" size="sm" disabled={stock.isPending} onClick={() => set({ status: null })}>
            {t('stock.clear')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
