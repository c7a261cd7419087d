import { SitePageView } from '@/features/pages/components/site-page-view';

/** /Termsofservice: the Terms of Service (content from GET /api/pages/terms). */
export function Component() {
  return <SitePageView slug="terms" />;
}
