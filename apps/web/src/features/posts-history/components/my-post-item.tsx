import { discountPercent, formatRupees, type OwnPost } from '@aaspaas/domain';
import { BarChart3, ChevronDown, ExternalLink, ImageIcon, Pencil, Repeat2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { SmartImage } from '@/components/ui/smart-image';
import { paths } from '@/config/paths';
import { useCategoryName } from '@/hooks/use-local-name';
import { formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatIndiaDate } from '@/lib/format';
import { excerptOf, isOffer } from '../utils/post-text';
import { HiddenPostNotice } from './hidden-post-notice';
import { ReportedPostNotice } from './reported-post-notice';
import { PostCounters } from './post-counters';
import { PostInsightsPanel } from './post-insights-panel';
import { StockControls } from './stock-controls';

// The 96 px thumbnail: the browser picks the smallest WebP variant.
const THUMB_SIZES = '96px';

const ACTION_CLASS =
  'inline-flex min-h-14 min-w-0 flex-col items-center justify-center gap-0.5 rounded-xl px-1 text-xs leading-tight font-semibold text-center hover:bg-muted';

type MyPostItemProps = {
  post: OwnPost;
  /** `trigger` is the button pressed: focus comes back to it when the dialog is cancelled. */
  onDelete: (post: OwnPost, trigger: HTMLElement) => void;
  onRepost: (post: OwnPost, trigger: HTMLElement) => void;
  /** Brief outline on a post just reposted (it is focused too). */
  highlighted?: boolean;
};

/** One of the business's posts: photo, text, price, when, its results, its chart on demand, and what to do with it. */
export function MyPostItem({ post, onDelete, onRepost, highlighted }: MyPostItemProps) {
  const { t } = useTranslation('posts-history');
  const { t: tFeed } = useTranslation('feed');
  const categoryName = useCategoryName();
  const [insightsOpen, setInsightsOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  const offer = isOffer(post);
  const discount = discountPercent(post.mrpPaise, post.ourPricePaise);
  const excerpt = excerptOf(post.content);
  const photo = post.images[0];

  return (
    <article
      id={`my-post-${post.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="my-post"
      data-post-id={post.id}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 focus:outline-none sm:p-4',
        highlighted && 'animate-linked-flash',
      )}
    >
      <div className="flex gap-3">
        {photo ? (
          <SmartImage
            src={photo}
            alt={t('item.photoAlt')}
            unavailableText={t('item.imageUnavailable')}
            sizes={THUMB_SIZES}
            loading="lazy"
            decoding="async"
            width={96}
            height={96}
            className="size-20 shrink-0 rounded-xl object-cover sm:size-24"
          />
        ) : (
          <div
            className="flex size-20 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground sm:size-24"
            aria-hidden="true"
          >
            <ImageIcon className="size-7" />
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span className="font-semibold text-foreground">{categoryName(post.category)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.createdAt}>{formatRelativeTime(tFeed, post.createdAt)}</time>
            {post.expired ? (
              <Badge variant="danger" data-testid="expired-badge">
                {t('item.expired')}
              </Badge>
            ) : null}
          </p>
          <h3 id={headingId} className="line-clamp-3 font-semibold break-words">
            {excerpt}
          </h3>
          {offer ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {post.ourPricePaise !== null ? (
                <span className="text-base font-extrabold">{formatRupees(post.ourPricePaise)}</span>
              ) : null}
              {post.mrpPaise !== null && post.mrpPaise !== post.ourPricePaise ? (
                <span className="text-muted-foreground">
                  {t('item.mrp')}{' '}
                  <s aria-label={t('item.mrpLabel', { price: formatRupees(post.mrpPaise) })}>{formatRupees(post.mrpPaise)}</s>
                </span>
              ) : null}
              {discount !== null ? <Badge variant="success">{t('item.off', { percent: discount })}</Badge> : null}
            </p>
          ) : null}
          {post.expiresAt ? (
            <p className="text-xs text-muted-foreground">
              {post.expired
                ? t('item.endedOn', { date: formatIndiaDate(post.expiresAt) })
                : t('item.validUntil', { date: formatIndiaDate(post.expiresAt) })}
            </p>
          ) : null}
        </div>
      </div>

      {post.moderation ? <HiddenPostNotice postId={post.id} moderation={post.moderation} /> : null}
      {post.reports ? <ReportedPostNotice reports={post.reports} hidden={post.moderation !== null} /> : null}

      <PostCounters
        counters={{ views: post.viewsCount, likes: post.likesCount, shares: post.sharesCount, whatsapp: post.whatsappCount }}
      />

      <button
        type="button"
        aria-expanded={insightsOpen}
        aria-controls={insightsOpen ? panelId : undefined}
        onClick={() => setInsightsOpen((open) => !open)}
        className="inline-flex min-h-11 items-center justify-between gap-2 rounded-xl border border-border px-3 text-left font-semibold hover:bg-muted"
      >
        <span className="inline-flex items-center gap-2">
          <BarChart3 className="size-5 text-primary" aria-hidden="true" />
          {insightsOpen ? t('item.hideInsights') : t('item.showInsights')}
        </span>
        <ChevronDown className={cn('size-5 transition-transform', insightsOpen && 'rotate-180')} aria-hidden="true" />
      </button>
      {insightsOpen ? <PostInsightsPanel postId={post.id} id={panelId} offer={post.ourPricePaise !== null} /> : null}

      {!post.expired && !post.moderation ? <StockControls post={post} /> : null}

      <div className="grid grid-cols-4 gap-1 border-t border-border pt-2" role="group" aria-label={t('item.actions')}>
        <Link
          to={offer ? paths.app.sendOffers.getHref(post.id) : paths.app.sendPost.getHref(post.id)}
          className={ACTION_CLASS}
          aria-describedby={headingId}
        >
          <Pencil className="size-5" aria-hidden="true" />
          {t('item.edit')}
        </Link>
        <button
          type="button"
          className={ACTION_CLASS}
          onClick={(e) => onRepost(post, e.currentTarget)}
          aria-describedby={headingId}
        >
          <Repeat2 className="size-5" aria-hidden="true" />
          {t('item.repost')}
        </button>
        <button
          type="button"
          className={cn(ACTION_CLASS, 'text-danger hover:bg-danger-soft')}
          onClick={(e) => onDelete(post, e.currentTarget)}
          aria-describedby={headingId}
        >
          <Trash2 className="size-5" aria-hidden="true" />
          {t('item.delete')}
        </button>
        {post.expired || post.moderation ? (
          <span className={cn(ACTION_CLASS, 'text-muted-foreground hover:bg-transparent')} data-testid="not-in-feed">
            <ExternalLink className="size-5" aria-hidden="true" />
            {t('item.notInFeed')}
          </span>
        ) : (
          <Link to={paths.home.getHref(post.id)} className={ACTION_CLASS} aria-describedby={headingId}>
            <ExternalLink className="size-5" aria-hidden="true" />
            {t('item.viewInFeed')}
          </Link>
        )}
      </div>
    </article>
  );
}
