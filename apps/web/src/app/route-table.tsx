import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** A page's module: each route file exports its page as `Component`. */
type RouteModule = { Component: ComponentType };

/** A page whose code loads when it is first drawn (a failed load reaches the router's error boundary). */
const page = (load: () => Promise<RouteModule>) => {
  const Component = lazy(() => load().then((module) => ({ default: module.Component })));
  return Component;
};

/**
 * Every page but the feed (router.tsx draws that one): this table is a chunk of its own, loaded on
 * the first visit to any other page, so the feed's first load carries neither it nor its pages'
 * chunk lists (ADR 056). Every page is lazy too: its code loads only when it is visited.
 */
export const otherRoutes: RouteObject[] = [
  { path: paths.business.path, Component: page(() => import('./routes/business')) },
  { path: paths.contactUs.path, Component: page(() => import('./routes/contact-us')) },
  { path: paths.terms.path, Component: page(() => import('./routes/terms')) },
  { path: paths.privacy.path, Component: page(() => import('./routes/privacy')) },
  { path: paths.aboutUs.path, Component: page(() => import('./routes/about-us')) },
  { path: paths.debugAuth.path, Component: page(() => import('./routes/debug-auth')) },
  { path: paths.join.path, Component: page(() => import('./routes/join')) },
  { path: paths.login.path, Component: page(() => import('./routes/auth')) },
  { path: paths.auth.path, Component: page(() => import('./routes/auth')) },
  { path: paths.resetPassword.path, Component: page(() => import('./routes/reset-password')) },
  { path: paths.verifyEmail.path, Component: page(() => import('./routes/verify-email')) },
  {
    // Signed-in pages: the guard shows the loading text, then redirects to /login when signed out.
    Component: page(() => import('./routes/require-auth')),
    children: [
      {
        Component: page(() => import('./routes/app/layout')),
        children: [
          { path: paths.app.root.path, Component: page(() => import('./routes/app/home')) },
          { path: paths.app.contacts.path, Component: page(() => import('./routes/app/contacts')) },
          { path: paths.app.addContact.path, Component: page(() => import('./routes/app/add-contact')) },
          { path: paths.app.addCustomerContact.path, Component: page(() => import('./routes/app/add-customer-contact')) },
          { path: paths.app.editContact.path, Component: page(() => import('./routes/app/edit-contact')) },
          { path: paths.app.sendPost.path, Component: page(() => import('./routes/app/send-post')) },
          { path: paths.app.sendOffers.path, Component: page(() => import('./routes/app/send-offers')) },
          { path: paths.app.postsHistory.path, Component: page(() => import('./routes/app/posts-history')) },
          { path: paths.app.addTemplates.path, Component: page(() => import('./routes/app/add-templates')) },
          { path: paths.app.templatePreview.path, Component: page(() => import('./routes/app/template-preview')) },
          { path: paths.app.learn.path, Component: page(() => import('./routes/app/learn')) },
          { path: paths.app.wallet.path, Component: page(() => import('./routes/app/wallet')) },
          { path: paths.app.campaigns.path, Component: page(() => import('./routes/app/campaigns')) },
          { path: paths.app.smsHistory.path, Component: page(() => import('./routes/app/sms-history')) },
          { path: paths.app.inbox.path, Component: page(() => import('./routes/app/inbox')) },
        ],
      },
      { path: paths.account.editProfile.path, Component: page(() => import('./routes/edit-profile')) },
      { path: paths.account.settings.path, Component: page(() => import('./routes/settings')) },
      { path: paths.account.termsConditions.path, Component: page(() => import('./routes/terms-conditions')) },
      { path: paths.account.privacyTerms.path, Component: page(() => import('./routes/privacy-terms')) },
      { path: paths.account.success.path, Component: page(() => import('./routes/success')) },
    ],
  },
  { path: paths.admin.login.path, Component: page(() => import('./routes/admin/login')) },
  { path: paths.admin.createUser.path, Component: page(() => import('./routes/admin/create-user')) },
  {
    // Admin pages: without an admin session (once loading ends) the guard redirects to /admin/login.
    Component: page(() => import('./routes/require-admin')),
    children: [
      {
        Component: page(() => import('./routes/admin/layout')),
        children: [
          { path: paths.admin.dashboard.path, Component: page(() => import('./routes/admin/dashboard')) },
          { path: paths.admin.smsPricing.path, Component: page(() => import('./routes/admin/sms-pricing')) },
          { path: paths.admin.postPricing.path, Component: page(() => import('./routes/admin/post-pricing')) },
          { path: paths.admin.subscriptionPricing.path, Component: page(() => import('./routes/admin/subscription-pricing')) },
          { path: paths.admin.feed.path, Component: page(() => import('./routes/admin/feed')) },
          { path: paths.admin.users.path, Component: page(() => import('./routes/admin/users')) },
          { path: paths.admin.audit.path, Component: page(() => import('./routes/admin/audit')) },
          { path: paths.admin.templates.path, Component: page(() => import('./routes/admin/templates')) },
          { path: paths.admin.templatesAdd.path, Component: page(() => import('./routes/admin/template-edit')) },
          { path: paths.admin.templatesEdit.path, Component: page(() => import('./routes/admin/template-edit')) },
          { path: paths.admin.categories.path, Component: page(() => import('./routes/admin/categories')) },
          { path: paths.admin.businessCards.path, Component: page(() => import('./routes/admin/business-cards')) },
          { path: paths.admin.termsConditions.path, Component: page(() => import('./routes/admin/site-page-terms')) },
          { path: paths.admin.privacyTerms.path, Component: page(() => import('./routes/admin/site-page-privacy')) },
          { path: paths.admin.aboutUs.path, Component: page(() => import('./routes/admin/site-page-about')) },
          { path: paths.admin.contactUs.path, Component: page(() => import('./routes/admin/site-page-contact')) },
          { path: paths.admin.smsHistory.path, Component: page(() => import('./routes/admin/sms-history')) },
          { path: paths.admin.campaigns.path, Component: page(() => import('./routes/admin/campaigns')) },
        ],
      },
    ],
  },
  { path: paths.notFound.path, Component: page(() => import('./routes/not-found')) },
];

/** Drawn by the feed's router for any path but the feed's. */
export default function OtherRoutes() {
  return useRoutes(otherRoutes);
}
