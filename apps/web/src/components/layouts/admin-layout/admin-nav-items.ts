import {
  BadgeIndianRupee,
  FileText,
  FolderTree,
  IdCard,
  Info,
  Mail,
  LayoutDashboard,
  LayoutTemplate,
  Megaphone,
  MessageSquareText,
  Newspaper,
  Receipt,
  ScrollText,
  Shield,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';

export type AdminNavKey =
  | 'dashboard'
  | 'feed'
  | 'templates'
  | 'categories'
  | 'businessCards'
  | 'users'
  | 'smsPricing'
  | 'subscriptionPricing'
  | 'postPricing'
  | 'termsConditions'
  | 'privacyTerms'
  | 'aboutUs'
  | 'contactUs'
  | 'smsHistory'
  | 'campaigns'
  | 'audit';

export type AdminNavItem = { key: AdminNavKey; href: string; icon: LucideIcon; also?: readonly string[] };

/** Every admin page of docs/product.md §2, in the order the admin layout lists them. */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { key: 'dashboard', href: paths.admin.dashboard.getHref(), icon: LayoutDashboard },
  { key: 'feed', href: paths.admin.feed.getHref(), icon: Newspaper },
  {
    key: 'templates',
    href: '/admin/templates',
    icon: LayoutTemplate,
    also: ['/admin/templates/add', '/admin/templates/edit/:id'],
  },
  { key: 'categories', href: '/admin/categories', icon: FolderTree },
  { key: 'businessCards', href: '/admin/business-cards', icon: IdCard },
  { key: 'users', href: paths.admin.users.getHref(), icon: Users },
  { key: 'smsPricing', href: '/admin/sms-pricing', icon: BadgeIndianRupee },
  { key: 'subscriptionPricing', href: '/admin/subscription-pricing', icon: Receipt },
  { key: 'postPricing', href: '/admin/post-pricing', icon: Tags },
  { key: 'termsConditions', href: '/admin/terms-conditions', icon: FileText },
  { key: 'privacyTerms', href: '/admin/privacy-terms', icon: Shield },
  { key: 'aboutUs', href: '/admin/about-us', icon: Info },
  { key: 'contactUs', href: paths.admin.contactUs.getHref(), icon: Mail },
  { key: 'smsHistory', href: paths.admin.smsHistory.getHref(), icon: MessageSquareText },
  { key: 'campaigns', href: paths.admin.campaigns.getHref(), icon: Megaphone },
  { key: 'audit', href: paths.admin.audit.getHref(), icon: ScrollText },
];

export function isAdminNavItemActive(item: AdminNavItem, pathname: string): boolean {
  return [item.href, ...(item.also ?? [])].some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}
