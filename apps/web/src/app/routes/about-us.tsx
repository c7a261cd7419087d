import { SitePageView } from '@/features/pages/components/site-page-view';

/** /about-us: the About Us landing page (content from GET /api/pages/about-us). */
export function Component() {
  return <SitePageView slug="about-us" />;
}
