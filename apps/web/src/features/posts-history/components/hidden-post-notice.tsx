import type { OwnPost } from '@aaspaas/domain';
import { EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { formatIndiaDate } from '@/lib/format';
import { translatedServerMessage } from '@/lib/api-client';
import { useRequestReview } from '../api/request-review';

/** Why the admin hid this post, and the owner's way to answer: ask for a review (docs/product.md §2, Admin routes). */
export function HiddenPostNotice({ postId, moderation }: { postId: string; moderation: NonNullable<OwnPost['moderation']> }) {
  const { t } = useTranslation('posts-history');
  const review = useRequestReview();
  const canAppeal = moderation.reason !== 'suspended';
  return (
    <div
      role="note"
      className="flex flex-col gap-2 rounded-xl border border-danger bg-danger-soft p-3"
      data-testid="hidden-notice"
    >
      <p className="flex items-center gap-2 font-semibold text-danger">
        <EyeOff className="size-5" aria-hidden="true" />
        {moderation.reason === 'reports'
          ? t('moderation.hiddenByReports')
          : t('moderation.hidden', { reason: t(`moderation.reasons.${moderation.reason}`, { defaultValue: moderation.reason }) })}
      </p>
      {moderation.note ? <p className="break-words">“{moderation.note}”</p> : null}
      <p className="text-sm">{t('moderation.explain')}</p>
      {!canAppeal ? null : moderation.reviewRequestedAt ? (
        <p className="text-sm font-semibold" role="status">
          {t('moderation.requested', { date: formatIndiaDate(moderation.reviewRequestedAt) })}
        </p>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          disabled={review.isPending}
          onClick={() =>
            review.mutate(postId, {
              onSuccess: (answer) => void notify(translatedServerMessage(answer.message), 'success'),
              onError: (error) => void notify(error.message, 'error'),
            })
          }
        >
          {review.isPending ? <Spinner className="size-5" /> : null}
          {t('moderation.requestReview')}
        </Button>
      )}
    </div>
  );
}
