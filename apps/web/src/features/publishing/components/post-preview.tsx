import { discountPercent, formatRupees, type OwnPost } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { SmartImage } from '@/components/ui/smart-image';
import { useCategoryName } from '@/hooks/use-local-name';

/**
 * The published post as people nearby see it in the feed (business, category, text, hashtags, the
 * first photo, price with the discount and the delivery badge): a look, not the feed's card.
 */
export function PostPreview({ post }: { post: OwnPost }) {
  const { t } = useTranslation('publishing');
  const categoryName = useCategoryName();
  const discount = discountPercent(post.mrpPaise, post.ourPricePaise);
  const initial = Array.from(post.businessName.trim())[0]?.toUpperCase() ?? '?';
  const [first, ...rest] = post.images;
  return (
    <article
      className="overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="post-preview"
      aria-label={t('success.preview')}
    >
      <header className="flex items-start gap-3 px-4 pt-3">
        {post.profileImageUrl ? (
          <SmartImage
            src={post.profileImageUrl}
            alt=""
            unavailableText={t('photos.unavailable')}
            responsive={false}
            width={44}
            height={44}
            className="size-11 rounded-full bg-muted object-cover"
            fallbackClassName="size-11 rounded-full bg-muted text-muted-foreground [&>span]:sr-only [&>svg]:size-4"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-lg font-bold text-primary-hover"
          >
            {initial}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="leading-tight font-bold break-words">{post.businessName}</p>
          <p className="text-sm text-muted-foreground">{[t('preview.justNow'), post.city].filter(Boolean).join(' · ')}</p>
        </div>
        {post.category ? (
          <Badge variant="primary" className="mt-0.5 max-w-[40%] truncate">
            {categoryName(post.category)}
          </Badge>
        ) : null}
      </header>
      <p className="px-4 pt-2 text-[15px] leading-relaxed break-words whitespace-pre-line">{post.content}</p>
      {post.hashtags.length > 0 ? (
        <p className="px-4 pt-1 text-sm font-medium break-words text-primary">
          {post.hashtags.map((tag) => `#${tag}`).join(' ')}
        </p>
      ) : null}
      {first ? (
        <div className="relative mt-3 aspect-[4/3] bg-muted">
          <SmartImage
            src={first}
            alt={t('photos.alt', { number: 1 })}
            unavailableText={t('photos.unavailable')}
            className="size-full object-cover"
            fallbackClassName="flex size-full flex-col items-center justify-center gap-1 text-sm text-muted-foreground"
          />
          {rest.length > 0 ? (
            <span className="absolute right-2 bottom-2 rounded-full bg-black/60 px-2.5 py-0.5 text-sm font-semibold text-white">
              1 / {post.images.length}
            </span>
          ) : null}
        </div>
      ) : null}
      {post.ourPricePaise !== null || post.homeDelivery !== null ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 pt-3" data-testid="preview-prices">
          {post.ourPricePaise !== null ? (
            <span className="text-xl font-extrabold">{formatRupees(post.ourPricePaise)}</span>
          ) : null}
          {post.mrpPaise !== null && post.mrpPaise !== post.ourPricePaise ? (
            <span className="text-sm text-muted-foreground">
              {t('preview.mrp')} <s>{formatRupees(post.mrpPaise)}</s>
            </span>
          ) : null}
          {discount !== null ? <Badge variant="success">{t('preview.off', { percent: discount })}</Badge> : null}
          {post.homeDelivery === true ? <Badge variant="success">{t('preview.freeDelivery')}</Badge> : null}
          {post.homeDelivery === false ? <Badge variant="neutral">{t('preview.noFreeDelivery')}</Badge> : null}
        </div>
      ) : null}
      {post.expiresAt ? (
        <p className="px-4 pt-2 text-sm text-muted-foreground">
          {t('preview.validUntil', {
            date: new Intl.DateTimeFormat('en-IN', {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              timeZone: 'Asia/Kolkata',
            }).format(new Date(post.expiresAt)),
          })}
        </p>
      ) : null}
      <div className="h-4" />
    </article>
  );
}
