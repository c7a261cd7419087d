import type { OwnPost } from '@aaspaas/domain';
import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Visitors' reports of this post that the admin has not decided on yet, with their reasons
 * (docs/product.md §2, Admin routes): the owner learns of them whether or not they hid the post.
 */
export function ReportedPostNotice({ reports, hidden }: { reports: NonNullable<OwnPost['reports']>; hidden: boolean }) {
  const { t } = useTranslation('posts-history');
  const reasons = Object.entries(reports.reasons)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, n]) => t('reports.reason', { reason: t(`moderation.reasons.${reason}`, { defaultValue: reason }), count: n }))
    .join(', ');
  return (
    <div
      role="note"
      className="flex flex-col gap-1 rounded-xl border border-primary bg-primary-soft p-3"
      data-testid="reported-notice"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Flag className="size-5" aria-hidden="true" />
        {t('reports.title', { count: reports.count })}
      </p>
      <p className="break-words">{reasons}</p>
      <p className="text-sm">{hidden ? t('reports.explainHidden') : t('reports.explainVisible')}</p>
    </div>
  );
}
