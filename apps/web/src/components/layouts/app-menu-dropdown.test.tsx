import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { AppMenu } from './app-menu';
// The menu's own module, which AppMenu loads on first use: loaded here, so opening it is not a cold transform.
import './app-menu-dropdown';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The header menu as the feed shows it: the button, whose menu (app-menu-dropdown) loads on first use. */
function renderMenu() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <AppMenu />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function openMenu(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('menu', undefined, { timeout: 5000 });
}

function itemNames(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

const LANDING_PAGES = [
  ['Terms & Conditions', '/Termsofservice'],
  ['Privacy Policy', '/privacyterms'],
  ['About Us', '/about-us'],
  ['Contact Us', '/contact-us'],
] as const;

describe('<AppMenu> (docs/product.md §2 menu)', () => {
  it('offers Business Login, the Android app and the landing pages to a visitor', async () => {
    renderMenu();
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual([
      'Business Login',
      'Download Android App',
      'Terms & Conditions',
      'Privacy Policy',
      'About Us',
      'Contact Us',
    ]);
  });

  it('offers Business Dashboard instead of Business Login when signed in', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-1');
    renderMenu();
    const menu = await openMenu();
    expect(itemNames(menu)).toEqual([
      'Business Dashboard',
      'Download Android App',
      'Terms & Conditions',
      'Privacy Policy',
      'About Us',
      'Contact Us',
    ]);
  });

  it('Business Login goes to /login', async () => {
    renderMenu();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Business Login' }));
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('Business Dashboard goes to /app when signed in', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-1');
    renderMenu();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Business Dashboard' }));
    expect(screen.getByTestId('where').textContent).toBe('/app');
  });

  it.each(LANDING_PAGES)('%s goes to %s', async (name, path) => {
    renderMenu();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name }));
    expect(screen.getByTestId('where').textContent).toBe(path);
  });

  it('Download Android App opens what it offers (download-app-dialog.test.tsx) and stays on the page', async () => {
    renderMenu();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Download Android App' }));
    expect(await screen.findByRole('dialog', { name: 'Get the Aaspaas app' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
