import { SitePageView } from '@/features/pages/components/site-page-view';

/** /privacyterms: the Privacy Policy (content from GET /api/pages/privacy). */
export function Component() {
  return <SitePageView slug="privacy" />;
}
