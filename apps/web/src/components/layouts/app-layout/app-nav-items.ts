import {
  GraduationCap,
  History,
  House,
  Megaphone,
  MessageSquareText,
  MessagesSquare,
  SquarePen,
  Tag,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';

type BarKey = 'home' | 'post' | 'offers' | 'contacts';
type MoreKey = 'postsHistory' | 'inbox' | 'campaigns' | 'smsHistory' | 'wallet' | 'learn';

type NavItemBase = {
  href: string;
  icon: LucideIcon;
  /** Other screens that belong to this item (a contact form belongs to Contacts). */
  also?: readonly string[];
};
/** 'bar': its own tab in the phone's bottom bar; 'more': inside the More sheet. */
export type BarNavItem = NavItemBase & { key: BarKey; placement: 'bar' };
export type MoreNavItem = NavItemBase & { key: MoreKey; placement: 'more' };
export type AppNavItem = BarNavItem | MoreNavItem;

/** The app container's destinations (docs/product.md §2), in the order they are shown. */
export const APP_NAV_ITEMS: readonly AppNavItem[] = [
  { key: 'home', href: paths.app.root.getHref(), icon: House, placement: 'bar' },
  { key: 'post', href: paths.app.sendPost.getHref(), icon: SquarePen, placement: 'bar' },
  {
    key: 'offers',
    href: paths.app.sendOffers.getHref(),
    icon: Tag,
    placement: 'bar',
    also: [paths.app.templatePreview.path, paths.app.addTemplates.path],
  },
  {
    key: 'contacts',
    href: paths.app.contacts.getHref(),
    icon: Users,
    placement: 'bar',
    also: [paths.app.addContact.path, paths.app.addCustomerContact.path, paths.app.editContact.path],
  },
  { key: 'postsHistory', href: paths.app.postsHistory.getHref(), icon: History, placement: 'more' },
  { key: 'inbox', href: paths.app.inbox.getHref(), icon: MessagesSquare, placement: 'more' },
  { key: 'campaigns', href: paths.app.campaigns.getHref(), icon: Megaphone, placement: 'more' },
  { key: 'smsHistory', href: paths.app.smsHistory.getHref(), icon: MessageSquareText, placement: 'more' },
  { key: 'wallet', href: paths.app.wallet.getHref(), icon: Wallet, placement: 'more' },
  { key: 'learn', href: paths.app.learn.getHref(), icon: GraduationCap, placement: 'more' },
];

/** True when `pathname` is the item's screen or one of the screens that belong to it. */
export function isNavItemActive(item: AppNavItem, pathname: string): boolean {
  return [item.href, ...(item.also ?? [])].some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

export const BAR_NAV_ITEMS = APP_NAV_ITEMS.filter((item): item is BarNavItem => item.placement === 'bar');
export const MORE_NAV_ITEMS = APP_NAV_ITEMS.filter((item): item is MoreNavItem => item.placement === 'more');
