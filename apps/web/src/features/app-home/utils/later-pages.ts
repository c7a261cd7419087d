import { matchPath } from 'react-router';
import { paths } from '@/config/paths';

/** Business pages that later issues build; each shows an honest "coming soon" state until then. */
export const LATER_PAGES = [
  { path: paths.app.sendOffers.path, key: 'sendOffers' },
  { path: paths.app.sendPost.path, key: 'sendPost' },
  { path: paths.app.postsHistory.path, key: 'postsHistory' },
  { path: paths.app.templatePreview.path, key: 'templatePreview' },
  { path: paths.app.learn.path, key: 'learn' },
  { path: paths.app.addTemplates.path, key: 'addTemplates' },
  { path: paths.app.campaigns.path, key: 'campaigns' },
  { path: paths.app.smsHistory.path, key: 'smsHistory' },
  { path: paths.app.wallet.path, key: 'wallet' },
  { path: paths.account.success.path, key: 'success' },
] as const;

export type LaterPageKey = (typeof LATER_PAGES)[number]['key'];

/** Which later page a URL path is ('/template-preview/42' → 'templatePreview'), or null. */
export function laterPageFor(pathname: string): LaterPageKey | null {
  return LATER_PAGES.find((page) => matchPath({ path: page.path, end: true }, pathname))?.key ?? null;
}
