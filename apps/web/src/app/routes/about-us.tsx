import { DataNotices } from '@/features/pages/components/data-notices';
import { SitePageView } from '@/features/pages/components/site-page-view';

/** /about-us: the About Us landing page (content from GET /api/pages/about-us), then the notices of the data we ship. */
export function Component() {
  return <SitePageView slug="about-us" footer={<DataNotices />} />;
}
