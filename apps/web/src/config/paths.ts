/** Typed paths for every route of spec §2 (public routes, plus the app entry the menu links to). */
export const paths = {
  home: {
    path: '/',
    getHref: (postId?: string) => (postId ? `/?post=${encodeURIComponent(postId)}` : '/'),
  },
  auth: { path: '/auth', getHref: () => '/auth' },
  login: { path: '/login', getHref: () => '/login' },
  business: {
    path: '/business/:userId',
    getHref: (userId: string) => `/business/${encodeURIComponent(userId)}`,
  },
  contactUs: { path: '/contact-us', getHref: () => '/contact-us' },
  terms: { path: '/Termsofservice', getHref: () => '/Termsofservice' },
  privacy: { path: '/privacyterms', getHref: () => '/privacyterms' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  debugAuth: { path: '/debug-auth', getHref: () => '/debug-auth' },
  app: {
    root: { path: '/app', getHref: () => '/app' },
  },
  notFound: { path: '*' },
} as const;
