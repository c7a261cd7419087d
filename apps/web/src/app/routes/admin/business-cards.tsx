import { BusinessCardsPage } from '@/features/admin-content/components/business-cards-page';

/** /admin/business-cards: the businesses' public cards. */
export function Component() {
  return <BusinessCardsPage />;
}
