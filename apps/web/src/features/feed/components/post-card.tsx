import { discountPercent, formatRupees, truncate, whatsappNumber, whatsappPostReference, type Post } from '@aaspaas/domain';
import { Flag, Heart, Info, MessageCircle, Share2 } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { SmartImage } from '@/components/ui/smart-image';
import { OpenStatus } from '@/components/ui/open-status';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { ENQUIRY_TEXT_MAX } from '@/config/message-limits';
import { paths } from '@/config/paths';
import { useCategoryName } from '@/hooks/use-local-name';
import { analytics } from '@/lib/analytics';
import { formatDistanceKm, formatRelativeTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useLikePost } from '../api/like-post';
import { useSharePost } from '../hooks/use-share-post';
import { useViewRecorder } from '../hooks/use-view-recorder';
import { PostContent } from './post-content';
import { PostCounter, StockLabel } from './post-counter';
import { PostImages } from './post-images';

const ImageViewer = lazy(() => import('./image-viewer'));
const ReportPostDialog = lazy(() => import('./report-post-dialog'));
const BusinessInfoDialog = lazy(() => import('./business-info-dialog'));

export type PostCardProps = {
  post: Post;
  /** The first card on screen: its image loads eagerly (LCP). */
  priority?: boolean;
  highlighted?: boolean;
  /** Tapping a hashtag (e.g. to search for it). */
  onHashtag?: (tag: string) => void;
  /** A label above the card, e.g. 'Shared post' for a deep-linked post. */
  label?: string;
  /**
   * The business's name and photo link to its page, and an info button opens its popup (docs/product.md §2).
   * Off on that business's own page, which shows all of it already.
   */
  businessLinks?: boolean;
};

function Avatar({ post, unavailable }: { post: Post; unavailable: string }) {
  const initial = Array.from(post.businessName.trim())[0]?.toUpperCase() ?? '?';
  return post.profileImageUrl ? (
    <SmartImage
      src={post.profileImageUrl}
      alt=""
      unavailableText={unavailable}
      responsive={false}
      width={44}
      height={44}
      loading="lazy"
      className="size-11 rounded-full bg-muted object-cover"
      fallbackClassName="size-11 rounded-full bg-muted text-muted-foreground [&>span]:sr-only [&>svg]:size-4"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-lg font-bold text-primary-hover"
    >
      {initial}
    </span>
  );
}

/**
 * A post of the public feed (docs/product.md §2 post display) with like, share and WhatsApp enquiry. Memoised:
 * the feed re-renders on every query state change and when the splash goes, and twenty cards cost
 * a long task on a slow phone, while a card only changes with its post.
 */
export const PostCard = memo(function PostCard({
  post,
  priority = false,
  highlighted = false,
  onHashtag,
  label,
  businessLinks = true,
}: PostCardProps) {
  const { t } = useTranslation('feed');
  const categoryName = useCategoryName();
  const like = useLikePost();
  const share = useSharePost();
  const viewRef = useViewRecorder<HTMLElement>(post.id, post.userId);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [businessOpen, setBusinessOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  // What opened the viewer or the popup: it gets the focus back when they close.
  const opener = useRef<HTMLElement | null>(null);
  const restoreFocus = useCallback(() => opener.current?.focus(), []);

  const liked = Boolean(post.likedByMe);
  const discount = discountPercent(post.mrpPaise, post.ourPricePaise);
  const phone = whatsappNumber(post.businessPhone);
  // The reference ties the chat to this post in the business's WhatsApp inbox (ADR 050); it is kept whole.
  const reference = whatsappPostReference(post.id);
  const enquiry = `${truncate(t('whatsapp.enquiry', { name: post.businessName, content: post.content }), ENQUIRY_TEXT_MAX - reference.length - 1)} ${reference}`;
  const whatsappHref = phone ? `https://wa.me/${phone}?text=${encodeURIComponent(enquiry)}` : undefined;
  const titleId = `post-${post.id}-business`;

  const businessHref = paths.business.getHref(post.userId);
  const trackBusinessView = (via: 'page' | 'popup') =>
    analytics.track('business_view_open', { postId: post.id, businessId: post.userId, props: { via } });
  const trackBusinessPage = () => trackBusinessView('page');
  const openBusiness = (e: MouseEvent<HTMLElement>) => {
    opener.current = e.currentTarget;
    setBusinessOpen(true);
    trackBusinessView('popup');
  };

  const meta = [
    formatRelativeTime(t, post.createdAt),
    post.distanceKm !== undefined ? t('post.distance', { distance: formatDistanceKm(post.distanceKm) }) : null,
    post.city,
  ].filter(Boolean);

  // Sized by their words, never wrapped: Hindi labels are wider than English ones at 360 px.
  const actionClass =
    'flex min-h-12 flex-auto items-center justify-center gap-1.5 rounded-xl px-1.5 text-sm font-semibold whitespace-nowrap transition-colors';

  return (
    <article
      ref={viewRef}
      id={`post-${post.id}`}
      data-testid="post-card"
      data-post-id={post.id}
      data-city={post.city ?? ''}
      aria-labelledby={titleId}
      className={cn(
        'scroll-mt-48 overflow-hidden sm:scroll-mt-36 border-border bg-surface sm:rounded-2xl sm:border',
        highlighted && 'animate-linked-flash ring-2 ring-primary motion-reduce:ring-4',
      )}
    >
      {label ? <p className="bg-primary-soft px-4 py-1.5 text-sm font-semibold text-primary-hover">{label}</p> : null}
      <header className="flex items-start gap-3 px-4 pt-3">
        {businessLinks ? (
          // The name below is the same link: one stop for the keyboard and screen readers.
          <Link to={businessHref} tabIndex={-1} aria-hidden="true" onClick={trackBusinessPage} className="shrink-0 rounded-full">
            <Avatar post={post} unavailable={t('post.imageUnavailable')} />
          </Link>
        ) : (
          <span className="shrink-0">
            <Avatar post={post} unavailable={t('post.imageUnavailable')} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base leading-tight font-bold">
            {businessLinks ? (
              <Link
                to={businessHref}
                onClick={trackBusinessPage}
                className="inline-block min-h-6 break-words hover:underline"
                data-testid="business-link"
              >
                {post.businessName}
              </Link>
            ) : (
              post.businessName
            )}
            {post.businessVerified ? <VerifiedBadge text={t('post.verified')} label={t('post.verifiedLabel')} /> : null}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            <time dateTime={post.createdAt}>{meta[0]}</time>
            {meta.slice(1).map((m) => (
              <span key={String(m)}> · {m}</span>
            ))}
          </p>
          <OpenStatus openNow={post.openNow} changesAt={post.openChangesAt} className="mt-0.5" />
        </div>
        {post.category ? (
          <Badge variant="primary" className="mt-0.5 max-w-[40%] truncate">
            {categoryName(post.category)}
          </Badge>
        ) : null}
        {businessLinks ? (
          <button
            type="button"
            onClick={openBusiness}
            aria-label={t('post.openBusiness', { name: post.businessName })}
            title={t('post.openBusiness', { name: post.businessName })}
            className="-mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <Info className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </header>

      <PostContent content={post.content} hashtags={post.hashtags} onHashtag={onHashtag} />

      {post.images.length > 0 ? (
        <PostImages
          post={post}
          priority={priority}
          onOpen={(i, trigger) => {
            opener.current = trigger;
            setViewerIndex(i);
          }}
          className="mt-3"
        />
      ) : null}

      {post.ourPricePaise !== null || post.mrpPaise !== null || post.homeDelivery !== null ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 pt-3">
          {post.ourPricePaise !== null ? (
            <span
              className="text-xl font-extrabold text-foreground"
              aria-label={t('post.priceLabel', { price: formatRupees(post.ourPricePaise) })}
            >
              {formatRupees(post.ourPricePaise)}
            </span>
          ) : null}
          {post.mrpPaise !== null && post.mrpPaise !== post.ourPricePaise ? (
            <span className="text-sm text-muted-foreground">
              {t('post.mrp')}{' '}
              <s aria-label={t('post.mrpLabel', { price: formatRupees(post.mrpPaise) })}>{formatRupees(post.mrpPaise)}</s>
            </span>
          ) : null}
          {discount !== null ? <Badge variant="success">{t('post.off', { percent: discount })}</Badge> : null}
          {post.homeDelivery === true ? <Badge variant="success">{t('post.freeDelivery')}</Badge> : null}
          {post.homeDelivery === false ? <Badge variant="neutral">{t('post.noFreeDelivery')}</Badge> : null}
        </div>
      ) : null}

      <StockLabel post={post} />
      <PostCounter post={post} />

      <div className="mt-2 flex items-stretch gap-1 border-t border-border px-2 py-1">
        <button
          type="button"
          data-testid="like-button"
          aria-pressed={liked}
          aria-label={liked ? t('post.unlike') : t('post.like')}
          onClick={() => like.mutate({ post, like: !liked })}
          className={cn(actionClass, liked ? 'text-danger hover:bg-danger-soft' : 'text-foreground hover:bg-muted')}
        >
          <Heart className={cn('size-5', liked && 'fill-current')} aria-hidden="true" />
          <span data-testid="likes-count" aria-live="polite">
            {t('post.likes', { count: post.likesCount })}
          </span>
        </button>
        <button
          type="button"
          data-testid="share-button"
          onClick={() => void share(post)}
          className={cn(actionClass, 'text-foreground hover:bg-muted')}
        >
          <Share2 className="size-5" aria-hidden="true" />
          {t('post.share')}
        </button>
        {whatsappHref ? (
          <a
            data-testid="whatsapp-button"
            href={whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('post.whatsapp')}
            onClick={() => analytics.track('post_whatsapp', { postId: post.id, businessId: post.userId })}
            className={cn(actionClass, 'text-whatsapp hover:bg-success-soft')}
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            {t('post.whatsappShort')}
          </a>
        ) : (
          <button
            type="button"
            data-testid="whatsapp-button"
            aria-label={t('post.whatsapp')}
            onClick={() => void notify(t('whatsapp.noNumber'), 'info')}
            className={cn(actionClass, 'text-whatsapp hover:bg-success-soft')}
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            {t('post.whatsappShort')}
          </button>
        )}
        <button
          type="button"
          data-testid="report-button"
          aria-label={t('post.report')}
          title={t('post.report')}
          onClick={(e) => {
            opener.current = e.currentTarget;
            setReportOpen(true);
          }}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Flag className="size-5" aria-hidden="true" />
        </button>
      </div>

      <Suspense fallback={null}>
        {viewerIndex !== null ? (
          <ImageViewer
            images={post.images}
            startIndex={viewerIndex}
            businessName={post.businessName}
            onClose={() => setViewerIndex(null)}
            restoreFocus={restoreFocus}
          />
        ) : null}
        {reportOpen ? (
          <ReportPostDialog postId={post.id} onClose={() => setReportOpen(false)} restoreFocus={restoreFocus} />
        ) : null}
        {businessOpen ? (
          <BusinessInfoDialog
            userId={post.userId}
            fallback={{
              businessName: post.businessName,
              profileImageUrl: post.profileImageUrl,
              businessPhone: post.businessPhone,
            }}
            onClose={() => setBusinessOpen(false)}
            restoreFocus={restoreFocus}
          />
        ) : null}
      </Suspense>
    </article>
  );
});
