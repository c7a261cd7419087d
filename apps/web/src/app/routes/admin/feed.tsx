import { ModerationPage } from '@/features/admin/components/moderation-page';

/** /admin/feed (docs/product.md §2, Admin routes). */
export function Component() {
  return <ModerationPage />;
}
