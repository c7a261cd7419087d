import type { Post } from '@aaspaas/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { analytics } from '@/lib/analytics';
import { notify } from '@/lib/notify';
import { browserShareEnvironment, postShareUrl, sharePayload, shareText, type ShareOutcome } from '../utils/share';

/** Share a post through the docs/product.md §4 chain and tell the user what happened. */
export function useSharePost(): (post: Post) => Promise<ShareOutcome> {
  const { t } = useTranslation('feed');
  return useCallback(
    async (post: Post) => {
      const url = postShareUrl(window.location.origin, post.id);
      const outcome = await sharePayload(
        { title: t('share.title', { name: post.businessName }), text: shareText(post.businessName, post.content), url },
        browserShareEnvironment(),
      );
      if (outcome === 'copied') void notify(t('share.copied'), 'success');
      if (outcome === 'manual') void notify(t('share.failed'), 'info', url);
      if (outcome !== 'cancelled') {
        analytics.track('post_share', { postId: post.id, businessId: post.userId, props: { method: outcome } });
      }
      return outcome;
    },
    [t],
  );
}
