/** Typed paths for every route of docs/product.md §2. `path` is the router pattern, `getHref` builds a link. */
const fixed = <P extends string>(path: P) => ({ path, getHref: () => path });
const withEdit = (path: string, editId?: string) => (editId ? `${path}?edit=${encodeURIComponent(editId)}` : path);

export const paths = {
  home: {
    path: '/',
    getHref: (postId?: string) => (postId ? `/?post=${encodeURIComponent(postId)}` : '/'),
  },
  auth: fixed('/auth'),
  login: fixed('/login'),
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  },
  verifyEmail: {
    path: '/verify-email',
    getHref: (token?: string) => (token ? `/verify-email?token=${encodeURIComponent(token)}` : '/verify-email'),
  },
  business: {
    path: '/business/:userId',
    getHref: (userId: string) => `/business/${encodeURIComponent(userId)}`,
  },
  contactUs: fixed('/contact-us'),
  terms: fixed('/Termsofservice'),
  privacy: fixed('/privacyterms'),
  aboutUs: fixed('/about-us'),
  debugAuth: fixed('/debug-auth'),
  /** Public opt-in page a customer reaches from the business's QR code (no account needed). */
  join: { path: '/join/:businessId', getHref: (businessId: string) => `/join/${encodeURIComponent(businessId)}` },
  /** Business app routes inside the app container (docs/product.md §2). */
  app: {
    root: fixed('/app'),
    /** The composer; `?edit={postId}` edits one of the business's own posts. */
    sendOffers: { path: '/send-offers', getHref: (editId?: string) => withEdit('/send-offers', editId) },
    sendPost: { path: '/send-post', getHref: (editId?: string) => withEdit('/send-post', editId) },
    postsHistory: fixed('/posts-history'),
    templatePreview: { path: '/template-preview/:id', getHref: (id: string) => `/template-preview/${encodeURIComponent(id)}` },
    learn: fixed('/learn'),
    addContact: fixed('/add-contact'),
    addCustomerContact: fixed('/add-customer-contact'),
    addTemplates: fixed('/add-templates'),
    editContact: { path: '/edit-contact/:id', getHref: (id: string) => `/edit-contact/${encodeURIComponent(id)}` },
    contacts: fixed('/contacts'),
    campaigns: fixed('/campaigns'),
    smsHistory: fixed('/sms-history'),
    inbox: { path: '/inbox', getHref: (waId?: string) => (waId ? `/inbox?c=${encodeURIComponent(waId)}` : '/inbox') },
    wallet: fixed('/wallet'),
  },
  /** Signed-in pages without the app container. */
  account: {
    editProfile: fixed('/edit-profile'),
    settings: fixed('/settings'),
    termsConditions: fixed('/terms-conditions'),
    privacyTerms: fixed('/privacy-terms'),
    /** After publishing: `?post={postId}` names the post just published; after a payment, `?topup={id}` (the wallet builds that link). */
    success: {
      path: '/success',
      getHref: (postId?: string) => (postId ? `/success?post=${encodeURIComponent(postId)}` : '/success'),
    },
  },
  admin: {
    login: fixed('/admin/login'),
    createUser: fixed('/admin/create-user'),
    dashboard: fixed('/admin'),
    smsPricing: fixed('/admin/sms-pricing'),
    subscriptionPricing: fixed('/admin/subscription-pricing'),
    postPricing: fixed('/admin/post-pricing'),
    feed: fixed('/admin/feed'),
    users: fixed('/admin/users'),
    audit: fixed('/admin/audit'),
    templates: fixed('/admin/templates'),
    templatesAdd: fixed('/admin/templates/add'),
    templatesEdit: {
      path: '/admin/templates/edit/:id',
      getHref: (id: string) => `/admin/templates/edit/${encodeURIComponent(id)}`,
    },
    categories: fixed('/admin/categories'),
    businessCards: {
      path: '/admin/business-cards',
      getHref: (opts: { featured?: boolean } = {}) =>
        opts.featured ? '/admin/business-cards?featured=true' : '/admin/business-cards',
    },
    termsConditions: fixed('/admin/terms-conditions'),
    privacyTerms: fixed('/admin/privacy-terms'),
    aboutUs: fixed('/admin/about-us'),
    contactUs: fixed('/admin/contact-us'),
    smsHistory: fixed('/admin/sms-history'),
    campaigns: fixed('/admin/campaigns'),
  },
  notFound: { path: '*' },
} as const;
