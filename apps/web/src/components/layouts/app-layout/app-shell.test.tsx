import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppShell } from './app-shell';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell businessName="Sharma Kirana Store" onSignOut={vi.fn()} signingOut={false}>
        <p>page</p>
      </AppShell>
    </MemoryRouter>,
  );
}

/** Both navigations (the phone's bottom bar and the wide-screen sidebar) are in the DOM; CSS picks one. */
function currentLinks(): string[] {
  return screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('<AppShell> navigation', () => {
  it('marks the active item in the bottom bar and the sidebar, and only that one', () => {
    renderAt('/contacts');
    const [sidebar, bottomBar] = screen.getAllByRole('navigation', { name: 'Business app' });
    expect(within(sidebar!).getByRole('link', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
    expect(within(bottomBar!).getByRole('link', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
    expect(within(bottomBar!).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(currentLinks()).toEqual(['Contacts', 'Contacts']);
  });

  it('counts a contact form as Contacts and /app as Home', () => {
    const { unmount } = renderAt('/edit-contact/42');
    expect(currentLinks()).toEqual(['Contacts', 'Contacts']);
    unmount();
    renderAt('/app');
    expect(currentLinks()).toEqual(['Home', 'Home']);
  });

  it('marks More for a page in the More sheet, and that page inside the sheet', () => {
    renderAt('/wallet');
    const bottomBar = screen.getAllByRole('navigation', { name: 'Business app' })[1]!;
    const more = within(bottomBar).getByRole('button', { name: 'More' });
    expect(more.dataset.active).toBe('true');
    expect(currentLinks()).toEqual(['Wallet']); // the sidebar's
    fireEvent.click(more);
    const sheet = screen.getByRole('dialog', { name: 'More' });
    for (const name of ['Posts history', 'Campaigns', 'Message history', 'Wallet', 'Learn']) {
      expect(within(sheet).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(sheet).getByRole('link', { name: 'Wallet' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the product name linking to /app, the business name, and big bottom tabs to the main pages', () => {
    renderAt('/app');
    expect(screen.getByRole('link', { name: 'Aaspaas' }).getAttribute('href')).toBe('/app');
    expect(screen.getByTestId('app-business-name').textContent).toBe('Sharma Kirana Store');
    const bottomBar = screen.getAllByRole('navigation', { name: 'Business app' })[1]!;
    const hrefs = within(bottomBar)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/app', '/send-post', '/send-offers', '/contacts']);
    expect(screen.getByRole('main').textContent).toBe('page');
  });
});
