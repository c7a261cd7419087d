import type { Contact, ContactList } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import { queryConfig } from '@/lib/query-client';

/** Test helpers of the contacts feature: data shaped like the API's, and pages rendered in a router. */
let seq = 0;
export function testContact(overrides: Partial<Contact> = {}): Contact {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `Customer ${seq}`,
    mobileNumber: `98200${String(seq).padStart(5, '0')}`,
    email: null,
    notes: null,
    tags: [],
    birthday: null,
    anniversary: null,
    source: 'manual',
    consentAt: null,
    consentChannel: null,
    optedOut: false,
    optedOutAt: null,
    whatsappConsentAt: null,
    whatsappConsentMethod: null,
    whatsappConsentProof: null,
    whatsappOptedOutAt: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function contactList(contacts: Contact[], extra: Partial<ContactList> = {}): ContactList {
  return { contacts, total: contacts.length, nextCursor: null, tags: [], ...extra };
}

/**
 * Renders `element` at `path` (matching `pattern`) with a fresh query client (the app's settings, no
 * retry delay), the routes a page may go to, and sonner's Toaster for the spec's toasts.
 */
export function renderPage(element: ReactNode, { path = '/', pattern = path.split('?')[0]!, routes = [] as RouteObject[] } = {}) {
  const client = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false, retryDelay: 0 } },
  });
  const router = createMemoryRouter(
    [{ path: pattern, element }, { path: '/contacts', element: <p>contacts list page</p> }, ...routes].filter(
      (route, i, all) => all.findIndex((r) => r.path === route.path) === i,
    ),
    { initialEntries: [path] },
  );
  render(
    <>
      <Toaster />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </>,
  );
  return { client, router };
}
