import { matchPath } from 'react-router';
import { paths } from '@/config/paths';

/** Business pages that later issues build; each shows an honest "coming soon" state until then. */
export const LATER_PAGES = [
  { path: paths.app.campaigns.path, key: 'campaigns' },
  { path: paths.app.smsHistory.path, key: 'smsHistory' },
] as const;

export type LaterPageKey = (typeof LATER_PAGES)[number]['key'];

/** Which later page a URL path is ('/sms-history' → 'smsHistory'), or null. */
export function laterPageFor(pathname: string): LaterPageKey | null {
  return LATER_PAGES.find((page) => matchPath({ path: page.path, end: true }, pathname))?.key ?? null;
}
