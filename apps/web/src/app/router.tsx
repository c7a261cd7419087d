import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration, type RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { PageLoading, Splash } from '@/components/layouts/splash';
import { paths } from '@/config/paths';

/**
 * Scroll positions are restored on back/forward and reload, except for a deep link '/?post={id}':
 * the feed scrolls to that post itself, so such a URL gets a key that is never restored.
 */
function scrollKey(location: { key: string; search: string }): string {
  return new URLSearchParams(location.search).has('post') ? `linked-post-${Math.random()}` : location.key;
}

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

function InitialFallback() {
  // The first paint while a route's code loads: the feed shows its splash, others a spinner.
  return window.location.pathname === paths.home.path ? <Splash /> : <PageLoading />;
}

/**
 * Every route is lazy: each page's code loads only when it is visited (the feed's first-load budget, docs/performance.md).
 * A function, so a test reads the route table without starting a router.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: InitialFallback,
      children: [
        { path: paths.home.path, lazy: () => import('./routes/feed') },
        { path: paths.business.path, lazy: () => import('./routes/business') },
        { path: paths.contactUs.path, lazy: () => import('./routes/contact-us') },
        { path: paths.terms.path, lazy: () => import('./routes/terms') },
        { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
        { path: paths.aboutUs.path, lazy: () => import('./routes/about-us') },
        { path: paths.debugAuth.path, lazy: () => import('./routes/debug-auth') },
        { path: paths.join.path, lazy: () => import('./routes/join') },
        { path: paths.login.path, lazy: () => import('./routes/auth') },
        { path: paths.auth.path, lazy: () => import('./routes/auth') },
        { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
        { path: paths.verifyEmail.path, lazy: () => import('./routes/verify-email') },
        {
          // Signed-in pages: the guard shows the loading text, then redirects to /login when signed out.
          lazy: () => import('./routes/require-auth'),
          children: [
            {
              lazy: () => import('./routes/app/layout'),
              children: [
                { path: paths.app.root.path, lazy: () => import('./routes/app/home') },
                { path: paths.app.contacts.path, lazy: () => import('./routes/app/contacts') },
                { path: paths.app.addContact.path, lazy: () => import('./routes/app/add-contact') },
                { path: paths.app.addCustomerContact.path, lazy: () => import('./routes/app/add-customer-contact') },
                { path: paths.app.editContact.path, lazy: () => import('./routes/app/edit-contact') },
                { path: paths.app.sendPost.path, lazy: () => import('./routes/app/send-post') },
                { path: paths.app.sendOffers.path, lazy: () => import('./routes/app/send-offers') },
                { path: paths.app.postsHistory.path, lazy: () => import('./routes/app/posts-history') },
                { path: paths.app.addTemplates.path, lazy: () => import('./routes/app/add-templates') },
                { path: paths.app.templatePreview.path, lazy: () => import('./routes/app/template-preview') },
                { path: paths.app.learn.path, lazy: () => import('./routes/app/learn') },
                { path: paths.app.wallet.path, lazy: () => import('./routes/app/wallet') },
                { path: paths.app.campaigns.path, lazy: () => import('./routes/app/campaigns') },
                { path: paths.app.smsHistory.path, lazy: () => import('./routes/app/sms-history') },
                { path: paths.app.inbox.path, lazy: () => import('./routes/app/inbox') },
              ],
            },
            { path: paths.account.editProfile.path, lazy: () => import('./routes/edit-profile') },
            { path: paths.account.settings.path, lazy: () => import('./routes/settings') },
            { path: paths.account.termsConditions.path, lazy: () => import('./routes/terms-conditions') },
            { path: paths.account.privacyTerms.path, lazy: () => import('./routes/privacy-terms') },
            { path: paths.account.success.path, lazy: () => import('./routes/success') },
          ],
        },
        { path: paths.admin.login.path, lazy: () => import('./routes/admin/login') },
        { path: paths.admin.createUser.path, lazy: () => import('./routes/admin/create-user') },
        {
          // Admin pages: without an admin session (once loading ends) the guard redirects to /admin/login.
          lazy: () => import('./routes/require-admin'),
          children: [
            {
              lazy: () => import('./routes/admin/layout'),
              children: [
                { path: paths.admin.dashboard.path, lazy: () => import('./routes/admin/dashboard') },
                { path: paths.admin.smsPricing.path, lazy: () => import('./routes/admin/sms-pricing') },
                { path: paths.admin.postPricing.path, lazy: () => import('./routes/admin/post-pricing') },
                { path: paths.admin.subscriptionPricing.path, lazy: () => import('./routes/admin/subscription-pricing') },
                { path: paths.admin.feed.path, lazy: () => import('./routes/admin/feed') },
                { path: paths.admin.users.path, lazy: () => import('./routes/admin/users') },
                { path: paths.admin.audit.path, lazy: () => import('./routes/admin/audit') },
                { path: paths.admin.templates.path, lazy: () => import('./routes/admin/templates') },
                { path: paths.admin.templatesAdd.path, lazy: () => import('./routes/admin/template-edit') },
                { path: paths.admin.templatesEdit.path, lazy: () => import('./routes/admin/template-edit') },
                { path: paths.admin.categories.path, lazy: () => import('./routes/admin/categories') },
                { path: paths.admin.businessCards.path, lazy: () => import('./routes/admin/business-cards') },
                { path: paths.admin.termsConditions.path, lazy: () => import('./routes/admin/site-page-terms') },
                { path: paths.admin.privacyTerms.path, lazy: () => import('./routes/admin/site-page-privacy') },
                { path: paths.admin.aboutUs.path, lazy: () => import('./routes/admin/site-page-about') },
                { path: paths.admin.contactUs.path, lazy: () => import('./routes/admin/site-page-contact') },
                { path: paths.admin.smsHistory.path, lazy: () => import('./routes/admin/sms-history') },
                { path: paths.admin.campaigns.path, lazy: () => import('./routes/admin/campaigns') },
              ],
            },
          ],
        },
        { path: paths.notFound.path, lazy: () => import('./routes/not-found') },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

let router: ReturnType<typeof createAppRouter> | null = null;

/** The app's one router (the Android app's back button and opened links navigate with it). */
export function appRouter() {
  router ??= createAppRouter();
  return router;
}

export function AppRouter() {
  return <RouterProvider router={appRouter()} />;
}
