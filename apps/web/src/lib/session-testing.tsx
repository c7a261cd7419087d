import type { AppUser, AuthResponse } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { queryConfig } from './query-client';

/**
 * Test helpers for the session and the sign-in pages: a fake API at the network boundary
 * (globalThis.fetch), so every module of ours runs for real.
 */
export type FakeCall = { method: string; path: string; search: string; auth: string | null; body: unknown };
export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

export function serveFakeApi(handler: FakeHandler): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const parsed = new URL(url, 'http://localhost');
      const call: FakeCall = {
        method: init.method ?? 'GET',
        path: parsed.pathname,
        search: parsed.search,
        auth: headers.Authorization ?? null,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const unauthorized = () => jsonResponse(401, { message: 'Authentication failed. Please log in again.' });

export function testUser(overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: 'u1',
    username: 'ravi@example.com',
    name: 'Ravi',
    businessName: 'Sharma Kirana Store',
    businessDetails: null,
    businessPhone: null,
    businessAddress: null,
    gstNumber: null,
    language: 'en',
    hours: null,
    closedUntil: null,
    upiId: null,
    businessCategories: [],
    onboardingCompleted: false,
    mobileNumber: '9820012345',
    balancePaise: 10_000,
    isAdmin: false,
    status: 'active',
    profileImageUrl: null,
    city: null,
    state: null,
    lat: null,
    lon: null,
    hasPassword: true,
    googleLinked: false,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const authResponse = (token: string, user: AppUser = testUser()): AuthResponse => ({ token, expiresIn: 900, user });

/** Renders `routes` (plus /login and /admin/login to land on) at `path` with a fresh query client. */
export function renderRoutes(routes: RouteObject[], path: string) {
  // The app's cache settings (docs/product.md §9), without retries so a failure shows at once.
  const client = new QueryClient({ defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } } });
  const router = createMemoryRouter(
    [...routes, { path: '/login', element: <p>login page</p> }, { path: '/admin/login', element: <p>admin login page</p> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

/** Renders `ui` alone at `path` (its query string aside). */
export function renderAt(ui: ReactNode, path = '/app', extraRoutes: RouteObject[] = []) {
  return renderRoutes([{ path: path.split('?')[0], element: ui }, ...extraRoutes], path);
}
