import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { adminAuditLog, contacts, smsCampaigns, smsHeaders, smsTemplates, topups } from '../src/db/schema';
import { authHeader, createBusiness, createPost, signedVisitor, VISITOR_A } from './helper';
import { buildLoggedApp, type LoggedApp } from './logged-app';

const ADMIN_EMAIL = 'owner-admin@aaspaas.in';
type Role = 'anonymous' | 'admin' | 'businessB' | 'businessA';
/** Business A goes last: its calls may change or delete the rows the others must not reach. */
const ROLES: Role[] = ['anonymous', 'admin', 'businessB', 'businessA'];

/** Real rows of business A that the URLs and bodies name. */
type Fixture = {
  aId: string;
  postA: string;
  postToDelete: string;
  contactA: string;
  contactToDelete: string;
  /** A's plan (bought with money the test credits). */
  subscriptionA: string;
  /** A visitor id the server issued: likes and views count only those. */
  visitor: string;
  /** A paid top-up of A, with its receipt. */
  topupA: string;
  /** A's SMS set-up: a header, two templates (one to delete), a header to delete, three draft campaigns. */
  headerA: string;
  headerToDelete: string;
  templateA: string;
  templateToDelete: string;
  campaignA: string;
  campaignToDelete: string;
  campaignToCancel: string;
};
type Call = { url: string; body?: unknown; headers?: Record<string, string> };
/** The expected status per caller; `own` is for routes on A's rows: B and the admin get 404 there. */
type Expect = { call: (f: Fixture) => Call } & ({ all: number } | { signedIn: number; own?: true } | { admin: number });

const allowed = (status: number): Partial<Record<Role, number>> => ({ admin: status, businessB: status, businessA: status });
function expected(spec: Expect): Record<Role, number> {
  if ('all' in spec) return { anonymous: spec.all, admin: spec.all, businessB: spec.all, businessA: spec.all };
  if ('admin' in spec) return { anonymous: 401, admin: spec.admin, businessB: 403, businessA: 403 };
  const mine = spec.own ? { admin: 404, businessB: 404 } : {};
  return { anonymous: 401, ...allowed(spec.signedIn), ...mine, businessA: spec.signedIn } as Record<Role, number>;
}

const get = (url: string) => () => ({ url });
/** Numbers for the code requests: each call a new one. */
let codeNumber = 0;

/** A plan for business A, paid with money credited for it; its id. */
async function buyPlan(fastify: LoggedApp['fastify'], userId: string): Promise<string> {
  const movement = {
    userId,
    kind: 'admin_credit',
    amountPaise: 100_000,
    idempotencyKey: `matrix:${userId}`,
    note: 'test',
  } as const;
  await fastify.ledgerRepository.credit(fastify.db, movement);
  return (await fastify.subscriptionsService.buy(userId, 'dukaan')).subscription.id;
}
const post =
  (url: string, body: unknown = {}) =>
  () => ({ url, body });

/**
 * Every route of the server's route table and who gets what. A route missing here fails the first
 * test: a new route must say what anonymous callers, two businesses and the admin get.
 * Routes that end sessions or delete the account come last (see ORDER_LAST).
 */
const MATRIX: Record<string, Expect> = {
  'POST /api/admin/login': {
    all: 401,
    call: post('/api/admin/login', { username: 'nobody@example.in', password: 'wrong-password' }),
  },
  'POST /api/admin/sign-in-lock/lift': { admin: 200, call: post('/api/admin/sign-in-lock/lift') },
  // The same neutral answer for every address, so it tells nobody which one is the admin's.
  'POST /api/admin/create-user': { all: 200, call: post('/api/admin/create-user', { email: 'nobody@example.in' }) },
  'GET /api/admin/engagement-spikes': { admin: 200, call: get('/api/admin/engagement-spikes') },
  'GET /api/admin/welcome-sms-spenders': { admin: 200, call: get('/api/admin/welcome-sms-spenders') },
  'GET /api/admin/pricing/sms': { admin: 200, call: get('/api/admin/pricing/sms') },
  'POST /api/admin/pricing/sms': { admin: 201, call: post('/api/admin/pricing/sms', { pricePaise: 25 }) },
  'GET /api/admin/pricing/whatsapp': { admin: 200, call: get('/api/admin/pricing/whatsapp') },
  'POST /api/admin/pricing/whatsapp': {
    admin: 201,
    call: post('/api/admin/pricing/whatsapp', { category: 'MARKETING', pricePaise: 90 }),
  },
  'GET /api/admin/pricing/posts': { admin: 200, call: get('/api/admin/pricing/posts') },
  'POST /api/admin/pricing/posts': {
    admin: 201,
    call: post('/api/admin/pricing/posts', { freePostsPerMonth: 10, pricePerPostPaise: 1000 }),
  },
  'GET /api/admin/pricing/plans': { admin: 200, call: get('/api/admin/pricing/plans') },
  'POST /api/admin/pricing/plans': {
    admin: 201,
    call: post('/api/admin/pricing/plans', {
      code: 'dukaan',
      name: 'Dukaan',
      monthlyPricePaise: 19900,
      postsPerMonth: 60,
      smsPricePaise: 20,
      active: true,
    }),
  },
  'GET /api/pricing': { all: 200, call: get('/api/pricing') },
  'GET /api/pricing/next-post': { signedIn: 200, call: get('/api/pricing/next-post') },
  'GET /api/subscriptions/current': { signedIn: 200, call: get('/api/subscriptions/current') },
  'POST /api/subscriptions': { signedIn: 404, call: post('/api/subscriptions', { planCode: 'no-such-plan' }) },
  'POST /api/subscriptions/:id/change': {
    signedIn: 200,
    own: true,
    call: (f) => ({ url: `/api/subscriptions/${f.subscriptionA}/change`, body: { planCode: 'dukaan-plus' } }),
  },
  'POST /api/subscriptions/:id/cancel': {
    signedIn: 200,
    own: true,
    call: (f) => ({ url: `/api/subscriptions/${f.subscriptionA}/cancel` }),
  },
  'POST /api/auth/verify-email': {
    all: 400,
    call: post('/api/auth/verify-email', { token: 'not-a-link-this-server-sent' }),
  },
  // A's and B's addresses get their link; the admin's is verified already (both answer 200 with a message).
  'POST /api/auth/verify-email/resend': { signedIn: 200, call: post('/api/auth/verify-email/resend') },
  'POST /api/visitor': { all: 200, call: post('/api/visitor') },
  'GET /api/admin/me': { admin: 200, call: get('/api/admin/me') },
  'GET /api/admin/stats': { admin: 200, call: get('/api/admin/stats') },
  'GET /api/admin/audit': { admin: 200, call: get('/api/admin/audit') },
  'GET /api/admin/activity': { admin: 200, call: get('/api/admin/activity') },
  'GET /api/admin/posts': { admin: 200, call: get('/api/admin/posts') },
  'GET /api/admin/users': { admin: 200, call: get('/api/admin/users') },
  // The admin's actions on ids that do not exist: the rows of the others stay as they are for later routes.
  'POST /api/admin/posts/:id/hide': { admin: 404, call: post(`/api/admin/posts/${randomUUID()}/hide`, { reason: 'spam' }) },
  'POST /api/admin/posts/:id/unhide': { admin: 404, call: post(`/api/admin/posts/${randomUUID()}/unhide`) },
  'POST /api/admin/posts/:id/dismiss-reports': { admin: 404, call: post(`/api/admin/posts/${randomUUID()}/dismiss-reports`) },
  'DELETE /api/admin/posts/:id': { admin: 404, call: get(`/api/admin/posts/${randomUUID()}`) },
  'POST /api/admin/users/:id/suspend': {
    admin: 404,
    call: post(`/api/admin/users/${randomUUID()}/suspend`, { reason: 'Selling fake goods' }),
  },
  'POST /api/admin/users/:id/reinstate': { admin: 404, call: post(`/api/admin/users/${randomUUID()}/reinstate`) },
  'POST /api/admin/users/:id/password-reset-link': {
    admin: 404,
    call: post(`/api/admin/users/${randomUUID()}/password-reset-link`),
  },
  'POST /api/admin/users/:id/wallet-adjustments': {
    admin: 404,
    call: post(`/api/admin/users/${randomUUID()}/wallet-adjustments`, {
      direction: 'credit',
      amountPaise: 10_000,
      reason: 'Goodwill credit',
      idempotencyKey: randomUUID(),
    }),
  },
  'GET /api/admin/business-cards': { admin: 200, call: get('/api/admin/business-cards?q=kumar') },
  'GET /api/admin/business-cards/:userId': { admin: 200, call: (f) => ({ url: `/api/admin/business-cards/${f.aId}` }) },
  'PUT /api/admin/business-cards/:userId': {
    admin: 200,
    call: (f) => ({ url: `/api/admin/business-cards/${f.aId}`, body: { verified: true } }),
  },
  'GET /api/admin/templates': { admin: 200, call: get('/api/admin/templates') },
  'POST /api/admin/templates': { admin: 400, call: post('/api/admin/templates') },
  'POST /api/admin/templates/preview': {
    admin: 400,
    call: post('/api/admin/templates/preview', {
      backgroundUrl: 'https://elsewhere.example/x.jpg',
      text: 'x',
      textColor: '#ffffff',
      textArea: { x: 0, y: 0, width: 1, height: 1 },
    }),
  },
  'GET /api/admin/templates/:id': { admin: 404, call: () => ({ url: `/api/admin/templates/${randomUUID()}` }) },
  'PUT /api/admin/templates/:id': { admin: 400, call: () => ({ url: `/api/admin/templates/${randomUUID()}`, body: {} }) },
  'POST /api/admin/templates/:id/publish': {
    admin: 404,
    call: () => ({ url: `/api/admin/templates/${randomUUID()}/publish`, body: { published: true } }),
  },
  'GET /api/admin/categories/:kind': { admin: 200, call: get('/api/admin/categories/business') },
  'POST /api/admin/categories/:kind': { admin: 201, call: post('/api/admin/categories/business', { name: 'Matrix Shops' }) },
  'POST /api/admin/categories/:kind/reorder': {
    admin: 404,
    call: () => ({ url: '/api/admin/categories/business/reorder', body: { ids: [randomUUID()] } }),
  },
  'PUT /api/admin/categories/:kind/:id': {
    admin: 404,
    call: () => ({ url: `/api/admin/categories/template/${randomUUID()}`, body: { name: 'Renamed' } }),
  },
  'POST /api/admin/categories/:kind/:id/merge': {
    admin: 404,
    call: () => ({ url: `/api/admin/categories/template/${randomUUID()}/merge`, body: { intoId: randomUUID() } }),
  },
  'POST /api/admin/pages/preview': { admin: 200, call: post('/api/admin/pages/preview', { body: '## Hello' }) },
  'GET /api/admin/pages/:slug/versions': { admin: 200, call: get('/api/admin/pages/about-us/versions') },
  'PUT /api/admin/pages/:slug': {
    admin: 200,
    call: () => ({ url: '/api/admin/pages/about-us', body: { title: 'About us', body: 'We are local.' } }),
  },
  'GET /api/user/policy-updates': { signedIn: 200, call: get('/api/user/policy-updates') },
  'POST /api/user/policy-updates/acknowledge': { signedIn: 204, call: post('/api/user/policy-updates/acknowledge') },
  'POST /api/auth/forgot-password': { all: 200, call: post('/api/auth/forgot-password', { email: 'nobody@example.in' }) },
  'GET /api/auth/google/start': { all: 503, call: get('/api/auth/google/start') },
  'GET /api/auth/google/callback': { all: 200, call: get('/api/auth/google/callback') },
  // No Android client id in this app: native sign-in is off.
  'POST /api/auth/google/native': { all: 503, call: post('/api/auth/google/native', { idToken: 'x'.repeat(40) }) },
  'GET /api/android-app': { all: 200, call: get('/api/android-app') },
  // No signing certificate configured: no App Links statement.
  'GET /.well-known/assetlinks.json': { all: 404, call: get('/.well-known/assetlinks.json') },
  // CORS preflights (the Android app's WebView, plugins/external/cors.ts): answered for anyone, they grant nothing.
  'OPTIONS *': {
    all: 204,
    call: () => ({
      url: '/api/auth/refresh',
      headers: { origin: 'https://localhost', 'access-control-request-method': 'POST' },
    }),
  },
  'POST /api/auth/register': { all: 400, call: post('/api/auth/register') },
  'POST /api/auth/login': { all: 400, call: post('/api/auth/login') },
  'POST /api/auth/refresh': { all: 401, call: post('/api/auth/refresh') },
  'POST /api/auth/logout': { all: 204, call: post('/api/auth/logout') },
  'POST /api/auth/logout-all': { signedIn: 204, call: post('/api/auth/logout-all') },
  'GET /api/auth/providers': { all: 200, call: get('/api/auth/providers') },
  'POST /api/auth/reset-password': { all: 400, call: post('/api/auth/reset-password') },
  'GET /api/categories': { all: 200, call: get('/api/categories') },
  'GET /api/contacts': { signedIn: 200, call: get('/api/contacts') },
  'POST /api/contacts': { signedIn: 201, call: post('/api/contacts', { name: 'Asha Devi', mobileNumber: '9876501234' }) },
  'POST /api/contacts/delete': { signedIn: 200, call: post('/api/contacts/delete', { ids: [randomUUID()] }) },
  'POST /api/contacts/import': {
    signedIn: 200,
    call: post('/api/contacts/import', { consent: true, rows: [{ name: 'Ravi', mobileNumber: '9876501235' }] }),
  },
  'GET /api/contacts/export.csv': { signedIn: 200, call: get('/api/contacts/export.csv') },
  'GET /api/contacts/:id': { signedIn: 200, own: true, call: (f) => ({ url: `/api/contacts/${f.contactA}` }) },
  'PUT /api/contacts/:id': {
    signedIn: 200,
    own: true,
    call: (f) => ({ url: `/api/contacts/${f.contactA}`, body: { name: 'Sunita', mobileNumber: '9876500011' } }),
  },
  'DELETE /api/contacts/:id': { signedIn: 204, own: true, call: (f) => ({ url: `/api/contacts/${f.contactToDelete}` }) },
  'POST /api/events': { all: 200, call: post('/api/events', { events: [{ name: 'page_view', path: '/' }] }) },
  'GET /api/feed': { all: 200, call: get('/api/feed') },
  'POST /api/geo/locate': { all: 200, call: post('/api/geo/locate') },
  'GET /api/geo/search': { all: 200, call: get('/api/geo/search?q=Pune') },
  'GET /api/geo/reverse': { all: 200, call: get('/api/geo/reverse?lat=18.52&lon=73.85') },
  'GET /api/health': { all: 200, call: get('/api/health') },
  'GET /api/health/live': { all: 200, call: get('/api/health/live') },
  'GET /api/health/ready': { all: 200, call: get('/api/health/ready') },
  'GET /api/pages/:slug': { all: 404, call: get('/api/pages/no-such-page') },
  'GET /api/posts/:id': { all: 200, call: (f) => ({ url: `/api/posts/${f.postA}` }) },
  // The same visitor each time: counted once, and below the auto-hide threshold, so postA stays visible.
  'POST /api/posts/:id/report': {
    all: 200,
    call: (f) => ({ url: `/api/posts/${f.postA}/report`, body: { reason: 'spam' }, headers: { 'x-visitor-id': f.visitor } }),
  },
  // A's post is not hidden: nothing to review (409); another's post is not found.
  'POST /api/user/posts/:id/request-review': {
    signedIn: 409,
    own: true,
    call: (f) => ({ url: `/api/user/posts/${f.postA}/request-review`, body: {} }),
  },
  'POST /api/posts/:id/like': {
    all: 200,
    call: (f) => ({ url: `/api/posts/${f.postA}/like`, headers: { 'x-visitor-id': f.visitor } }),
  },
  'DELETE /api/posts/:id/like': {
    all: 200,
    call: (f) => ({ url: `/api/posts/${f.postA}/like`, headers: { 'x-visitor-id': f.visitor } }),
  },
  'POST /api/posts/:id/view': {
    all: 200,
    call: (f) => ({ url: `/api/posts/${f.postA}/view`, body: {}, headers: { 'x-visitor-id': f.visitor } }),
  },
  'GET /api/public/business/:userId': { all: 200, call: (f) => ({ url: `/api/public/business/${f.aId}` }) },
  'GET /api/public/business/:userId/posts': { all: 200, call: (f) => ({ url: `/api/public/business/${f.aId}/posts` }) },
  'GET /api/public/join/:businessId': { all: 200, call: (f) => ({ url: `/api/public/join/${f.aId}` }) },
  // Every caller asks for a code for its own number (one number gets one code per 30 s).
  'POST /api/public/join/:businessId/code': {
    all: 202,
    call: (f) => ({
      url: `/api/public/join/${f.aId}/code`,
      body: { name: 'Meena', mobileNumber: String(9_876_501_200 + (codeNumber += 1)), consent: true },
    }),
  },
  'POST /api/public/join/:businessId/opt-out/code': {
    all: 202,
    call: (f) => ({
      url: `/api/public/join/${f.aId}/opt-out/code`,
      body: { mobileNumber: String(9_876_501_200 + (codeNumber += 1)) },
    }),
  },
  // Open to all; without the code sent to the number (it went by SMS) nobody gets further than 400.
  'POST /api/public/join/:businessId': {
    all: 400,
    call: (f) => ({
      url: `/api/public/join/${f.aId}`,
      body: { name: 'Meena', mobileNumber: '9876501299', consent: true, code: '123456' },
    }),
  },
  'POST /api/public/join/:businessId/opt-out': {
    all: 400,
    call: (f) => ({ url: `/api/public/join/${f.aId}/opt-out`, body: { mobileNumber: '9876501299', code: '123456' } }),
  },
  'GET /api/template-categories': { signedIn: 200, call: get('/api/template-categories') },
  'GET /api/templates': { signedIn: 200, call: get('/api/templates') },
  'POST /api/templates/:id/render': { signedIn: 404, call: () => ({ url: `/api/templates/${randomUUID()}/render`, body: {} }) },
  'POST /api/uploads': { signedIn: 400, call: post('/api/uploads') },
  'GET /api/user/me': { signedIn: 200, call: get('/api/user/me') },
  'PUT /api/user/me': { signedIn: 200, call: () => ({ url: '/api/user/me', body: { city: 'Mumbai' } }) },
  'GET /api/user/stats': { signedIn: 200, call: get('/api/user/stats') },
  'GET /api/wallet': { signedIn: 200, call: get('/api/wallet') },
  'GET /api/wallet/history': { signedIn: 200, call: get('/api/wallet/history?filter=in') },
  'POST /api/wallet/topups': { signedIn: 201, call: post('/api/wallet/topups', { amountPaise: 50_000 }) },
  'GET /api/wallet/topups/:id': { signedIn: 200, own: true, call: (f) => ({ url: `/api/wallet/topups/${f.topupA}` }) },
  // A's own top-up with a signature that does not fit: 400; everyone else's view of it: 404.
  'POST /api/wallet/topups/:id/verify': {
    signedIn: 400,
    own: true,
    call: (f) => ({
      url: `/api/wallet/topups/${f.topupA}/verify`,
      body: { razorpay_payment_id: 'pay_x', razorpay_signature: 'x' },
    }),
  },
  'GET /api/wallet/receipts/:id': { signedIn: 200, own: true, call: (f) => ({ url: `/api/wallet/receipts/${f.topupA}` }) },
  // Unsigned: refused for everyone.
  'POST /api/payments/razorpay/webhook': {
    all: 400,
    call: post('/api/payments/razorpay/webhook', { event: 'payment.captured' }),
  },
  'GET /api/payments/test-gateway/:orderId': { all: 404, call: get('/api/payments/test-gateway/order_unknown1') },
  'POST /api/payments/test-gateway/:orderId/pay': { all: 404, call: post('/api/payments/test-gateway/order_unknown1/pay') },
  'POST /api/payments/test-gateway/:orderId/fail': { all: 404, call: post('/api/payments/test-gateway/order_unknown1/fail') },
  'POST /api/user/profile-image': { signedIn: 400, call: post('/api/user/profile-image') },
  'GET /api/user/posts': { signedIn: 200, call: get('/api/user/posts') },
  'POST /api/user/posts': { signedIn: 201, call: post('/api/user/posts', { content: 'Fresh dal today', category: 'Grocery' }) },
  'GET /api/user/posts/insights': { signedIn: 200, call: get('/api/user/posts/insights') },
  'GET /api/user/posts/:id': { signedIn: 200, own: true, call: (f) => ({ url: `/api/user/posts/${f.postA}` }) },
  'PUT /api/user/posts/:id': {
    signedIn: 200,
    own: true,
    call: (f) => ({ url: `/api/user/posts/${f.postA}`, body: { content: 'Fresh dal and rice', category: 'Grocery' } }),
  },
  'GET /api/user/posts/:id/insights': { signedIn: 200, own: true, call: (f) => ({ url: `/api/user/posts/${f.postA}/insights` }) },
  'POST /api/user/posts/:id/repost': {
    signedIn: 201,
    own: true,
    call: (f) => ({ url: `/api/user/posts/${f.postA}/repost`, body: {} }),
  },
  'DELETE /api/user/posts/:id': { signedIn: 204, own: true, call: (f) => ({ url: `/api/user/posts/${f.postToDelete}` }) },
  'GET /api/sms/dlt': { signedIn: 200, call: get('/api/sms/dlt') },
  'PUT /api/sms/dlt/entity': {
    signedIn: 200,
    call: () => ({ url: '/api/sms/dlt/entity', body: { entityId: '1201159876543210987' } }),
  },
  'POST /api/sms/dlt/headers': {
    signedIn: 201,
    call: post('/api/sms/dlt/headers', { header: 'ASPSHP', category: 'transactional' }),
  },
  'DELETE /api/sms/dlt/headers/:id': {
    signedIn: 204,
    own: true,
    call: (f) => ({ url: `/api/sms/dlt/headers/${f.headerToDelete}` }),
  },
  // Nobody's header: refused before anything is written.
  'POST /api/sms/dlt/templates': {
    signedIn: 400,
    call: post('/api/sms/dlt/templates', {
      name: 'Bill',
      headerId: randomUUID(),
      category: 'transactional',
      dltTemplateId: '1207161234567890123',
      text: 'Your bill is {#var#}',
    }),
  },
  'PUT /api/sms/dlt/templates/:id': {
    signedIn: 200,
    own: true,
    call: (f) => ({
      url: `/api/sms/dlt/templates/${f.templateA}`,
      body: {
        name: 'Bill',
        headerId: f.headerA,
        category: 'transactional',
        dltTemplateId: '1207161234567890001',
        text: 'Bill {#var#}',
      },
    }),
  },
  'DELETE /api/sms/dlt/templates/:id': {
    signedIn: 204,
    own: true,
    call: (f) => ({ url: `/api/sms/dlt/templates/${f.templateToDelete}` }),
  },
  'POST /api/sms/campaigns/audience': { signedIn: 200, call: post('/api/sms/campaigns/audience', { audience: { kind: 'all' } }) },
  'POST /api/sms/campaigns/preview': {
    signedIn: 400,
    call: post('/api/sms/campaigns/preview', { templateId: randomUUID(), audience: { kind: 'all' }, variables: [] }),
  },
  'GET /api/sms/campaigns': { signedIn: 200, call: get('/api/sms/campaigns') },
  'POST /api/sms/campaigns': {
    signedIn: 400,
    call: post('/api/sms/campaigns', {
      name: 'Diwali',
      templateId: randomUUID(),
      audience: { kind: 'all' },
      variables: [],
      scheduledAt: null,
    }),
  },
  'GET /api/sms/campaigns/:id': { signedIn: 200, own: true, call: (f) => ({ url: `/api/sms/campaigns/${f.campaignA}` }) },
  'DELETE /api/sms/campaigns/:id': {
    signedIn: 204,
    own: true,
    call: (f) => ({ url: `/api/sms/campaigns/${f.campaignToDelete}` }),
  },
  // A's draft confirmed at a cost other than the real one: 409 with the cost, and nothing charged.
  'POST /api/sms/campaigns/:id/confirm': {
    signedIn: 409,
    own: true,
    call: (f) => ({ url: `/api/sms/campaigns/${f.campaignA}/confirm`, body: { expectedCostPaise: 0 } }),
  },
  'POST /api/sms/campaigns/:id/pause': {
    signedIn: 409,
    own: true,
    call: (f) => ({ url: `/api/sms/campaigns/${f.campaignA}/pause` }),
  },
  'POST /api/sms/campaigns/:id/resume': {
    signedIn: 409,
    own: true,
    call: (f) => ({ url: `/api/sms/campaigns/${f.campaignA}/resume` }),
  },
  'POST /api/sms/campaigns/:id/cancel': {
    signedIn: 200,
    own: true,
    call: (f) => ({ url: `/api/sms/campaigns/${f.campaignToCancel}/cancel` }),
  },
  'GET /api/sms/history': { signedIn: 200, call: get('/api/sms/history') },
  'GET /api/sms/history/export': { signedIn: 200, call: get('/api/sms/history/export') },
  'GET /api/admin/sms-history': { admin: 200, call: get('/api/admin/sms-history') },
  'GET /api/admin/campaigns': { admin: 200, call: get('/api/admin/campaigns?q=kumar') },
  // A draft has nothing to stop.
  'POST /api/admin/campaigns/:id/stop': {
    admin: 409,
    call: (f) => ({ url: `/api/admin/campaigns/${f.campaignA}/stop`, body: { reason: 'Complaints of spam' } }),
  },
  // No SMS_HTTP_DLR_SECRET set, and unsigned anyway: refused for everyone.
  'POST /api/sms/dlr': { all: 401, call: post('/api/sms/dlr', { requestId: '3000000000000001', status: '1' }) },
  // WhatsApp on the local stand-in; nobody here connects a number, so nothing is left to sync or simulate to.
  'GET /api/whatsapp/setup': { signedIn: 200, call: get('/api/whatsapp/setup') },
  'PUT /api/whatsapp/connection': { signedIn: 400, call: post('/api/whatsapp/connection', { phoneNumberId: 'x' }) },
  'DELETE /api/whatsapp/connection': { signedIn: 204, call: () => ({ url: '/api/whatsapp/connection' }) },
  'POST /api/whatsapp/templates/sync': { signedIn: 400, call: post('/api/whatsapp/templates/sync') },
  'POST /api/whatsapp/local/inbound': {
    signedIn: 400,
    call: post('/api/whatsapp/local/inbound', { from: '9812345678', text: 'Hello' }),
  },
  'GET /api/whatsapp/conversations': { signedIn: 200, call: get('/api/whatsapp/conversations') },
  'GET /api/whatsapp/conversations/:waId': { signedIn: 404, call: get('/api/whatsapp/conversations/919812345678') },
  'POST /api/whatsapp/conversations/:waId/replies': {
    signedIn: 404,
    call: post('/api/whatsapp/conversations/919812345678/replies', { text: 'Hello', idempotencyKey: randomUUID() }),
  },
  'POST /api/whatsapp/conversations/:waId/template-replies/preview': {
    signedIn: 404,
    call: post('/api/whatsapp/conversations/919812345678/template-replies/preview', { whatsappTemplateId: randomUUID() }),
  },
  'POST /api/whatsapp/conversations/:waId/template-replies': {
    signedIn: 404,
    call: post('/api/whatsapp/conversations/919812345678/template-replies', {
      whatsappTemplateId: randomUUID(),
      expectedCostPaise: 15,
      idempotencyKey: randomUUID(),
    }),
  },
  // No WHATSAPP_VERIFY_TOKEN or WHATSAPP_APP_SECRET set: verification and every post refused for everyone.
  'GET /api/whatsapp/webhook': {
    all: 403,
    call: get('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1'),
  },
  'POST /api/whatsapp/webhook': {
    all: 401,
    call: post('/api/whatsapp/webhook', { object: 'whatsapp_business_account', entry: [] }),
  },
  // A forged opt-out link: refused for everyone.
  'GET /o/:token': { all: 404, call: get('/o/0000000aAAAAAAAAAAAA') },
  'POST /o/:token': { all: 404, call: post('/o/0000000aAAAAAAAAAAAA') },
  'GET /media/*': { all: 404, call: get('/media/none.webp') },
  'POST /api/user/change-password': { signedIn: 400, call: post('/api/user/change-password', { newPassword: 'x' }) },
  'DELETE /api/user/me': { signedIn: 204, call: () => ({ url: '/api/user/me' }) },
  // postA has no price: no offer to claim, for anyone.
  'POST /api/claims': {
    all: 409,
    call: (f) => ({ url: '/api/claims', body: { postId: f.postA }, headers: { 'x-visitor-id': f.visitor } }),
  },
  'GET /api/user/claims': { signedIn: 200, call: get('/api/user/claims') },
  'GET /api/user/claims/totals': { signedIn: 200, call: get('/api/user/claims/totals') },
  'POST /api/user/claims/:id/redeem': { signedIn: 404, call: post(`/api/user/claims/${randomUUID()}/redeem`) },
  'POST /api/user/claims/redeem': { signedIn: 404, call: post('/api/user/claims/redeem', { code: 'AB2C' }) },
  'PUT /api/user/posts/:id/stock': {
    signedIn: 200,
    own: true,
    call: (f) => ({ url: `/api/user/posts/${f.postA}/stock`, body: { status: null } }),
  },
};
/**
 * The OpenAPI document and its UI have their own test. The web app's routes (the SPA and its
 * uploads) exist only beside a web build, which the API tests run without.
 */
const NOT_IN_MATRIX = /^(GET|POST) \/api\/docs/;
/**
 * Admin routes that change nothing: signing in, asking for the set-up mail, and the previews. Every other
 * admin route that is not a GET is an admin action: done, it writes exactly one audit row; refused, none.
 */
const NOT_AN_ADMIN_ACTION = new Set([
  'POST /api/admin/login',
  'POST /api/admin/create-user',
  'POST /api/admin/templates/preview',
  'POST /api/admin/pages/preview',
]);
const isAdminAction = (key: string) => /^(POST|PUT|PATCH|DELETE) \/api\/admin\//.test(key) && !NOT_AN_ADMIN_ACTION.has(key);
const ORDER_LAST = ['POST /api/auth/logout-all', 'DELETE /api/user/me'];

describe('route matrix: every route × anonymous, business A, business B, admin', () => {
  let logged: LoggedApp;
  let fixture: Fixture;
  let headers: Record<Role, Record<string, string>>;
  let signIn: () => Promise<Record<Role, Record<string, string>>>;
  beforeAll(async () => {
    logged = await buildLoggedApp(undefined, { ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'silent' });
    const db = logged.dbHandle.db;
    const [a, b, admin] = [
      await createBusiness(db),
      await createBusiness(db),
      await createBusiness(db, { username: ADMIN_EMAIL, emailVerifiedAt: new Date() }),
    ];
    const [contactA, contactToDelete] = await db
      .insert(contacts)
      .values([
        { userId: a.id, name: 'Asha', mobileNumber: '9000000101' },
        { userId: a.id, name: 'Ravi', mobileNumber: '9000000102' },
        { userId: a.id, name: 'Kiran', mobileNumber: '9000000103', consentAt: new Date(), consentChannel: 'in_person' },
      ])
      .returning();
    const [headerA, headerToDelete] = await db
      .insert(smsHeaders)
      .values([
        { userId: a.id, header: 'KUMARS', category: 'transactional' },
        { userId: a.id, header: 'KUMARX', category: 'transactional' },
      ])
      .returning();
    const template = (dltTemplateId: string) => ({
      userId: a.id,
      headerId: headerA!.id,
      name: 'Bill',
      category: 'transactional' as const,
      dltTemplateId,
      text: 'Dear {#var#}, your bill is ready',
    });
    const [templateA, templateToDelete] = await db
      .insert(smsTemplates)
      .values([template('1207160000000000001'), template('1207160000000000002')])
      .returning();
    const draft = {
      userId: a.id,
      templateId: templateA!.id,
      name: 'Bills',
      audience: { kind: 'all' as const },
      variables: [{ kind: 'field' as const, field: 'name' as const }],
      templateName: 'Bill',
      category: 'transactional' as const,
      header: 'KUMARS',
      dltTemplateId: '1207160000000000001',
      templateText: 'Dear {#var#}, your bill is ready',
    };
    const [campaignA, campaignToDelete, campaignToCancel] = await db
      .insert(smsCampaigns)
      .values([draft, draft, draft])
      .returning();
    fixture = {
      headerA: headerA!.id,
      headerToDelete: headerToDelete!.id,
      templateA: templateA!.id,
      templateToDelete: templateToDelete!.id,
      campaignA: campaignA!.id,
      campaignToDelete: campaignToDelete!.id,
      campaignToCancel: campaignToCancel!.id,
      aId: a.id,
      postA: (await createPost(db, a)).id,
      postToDelete: (await createPost(db, a)).id,
      contactA: contactA!.id,
      contactToDelete: contactToDelete!.id,
      subscriptionA: await buyPlan(logged.fastify, a.id),
      visitor: signedVisitor(logged.fastify, VISITOR_A),
      topupA: (
        await db
          .insert(topups)
          .values({
            userId: a.id,
            amountPaise: 50_000,
            gateway: 'test',
            orderId: 'order_matrixA1',
            status: 'paid',
            paymentId: 'pay_matrixA1',
            creditedPaise: 50_000,
            receiptNumber: 'AAS/2026-27/999999',
            paidAt: new Date(),
          })
          .returning()
      )[0]!.id,
    };
    signIn = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {
        anonymous: {},
        admin: await authHeader(logged.fastify, admin),
        businessB: await authHeader(logged.fastify, b),
        businessA: await authHeader(logged.fastify, a),
      };
    };
    headers = await signIn();
  });
  afterAll(() => logged.fastify.close());

  const routeKeys = () => logged.routeTable.map((r) => `${r.method} ${r.url}`).filter((key) => !NOT_IN_MATRIX.test(key));

  it('has an expectation for every route in the route table, and none for a route that is gone', () => {
    const keys = routeKeys();
    expect(keys.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('answers each caller as the matrix says, with a message on every error', async () => {
    const keys = routeKeys().sort((x, y) => ORDER_LAST.indexOf(x) - ORDER_LAST.indexOf(y));
    const seen: string[] = [];
    for (const key of keys) {
      const spec = MATRIX[key];
      if (!spec) continue;
      // "Sign out everywhere" ended every session so far: the last routes get new tokens.
      if (ORDER_LAST.includes(key)) headers = await signIn();
      const want = expected(spec);
      const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
      for (const role of ROLES) {
        const call = spec.call(fixture);
        const audited = async () => (await logged.dbHandle.db.select({ n: count() }).from(adminAuditLog))[0]?.n ?? 0;
        const auditBefore = role === 'admin' && isAdminAction(key) ? await audited() : null;
        const res = await logged.fastify.inject({
          method,
          url: call.url,
          headers: { ...headers[role], ...call.headers },
          ...(call.body === undefined ? {} : { payload: call.body as object }),
        });
        if (res.statusCode !== want[role])
          seen.push(`${key} as ${role}: ${res.statusCode} (expected ${want[role]}) ${res.body.slice(0, 120)}`);
        if (auditBefore !== null) {
          const rows = (await audited()) - auditBefore;
          const wantRows = res.statusCode < 300 ? 1 : 0;
          if (rows !== wantRows) seen.push(`${key} as admin: ${res.statusCode} wrote ${rows} audit rows (expected ${wantRows})`);
        }
        if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
          expect(res.json<{ message?: unknown }>().message, `${key} as ${role}`).toEqual(expect.any(String));
        }
      }
    }
    expect(seen).toEqual([]);
    // Over 150 routes × 4 callers: on PostgreSQL on a loaded machine this takes up to a minute.
  }, 180_000);
});
