import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { ADMIN_NAV_ITEMS } from './admin-nav-items';
import { AdminShell } from './admin-shell';

function renderAt(path: string, onSignOut = vi.fn()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminShell email="admin@aaspaas.in" onSignOut={onSignOut} signingOut={false}>
        <p>page</p>
      </AdminShell>
    </MemoryRouter>,
  );
  return onSignOut;
}

describe('<AdminShell>', () => {
  it('links every admin page of docs/product.md §2, each to a route the router knows', () => {
    const built = [
      paths.admin.feed,
      paths.admin.users,
      paths.admin.audit,
      paths.admin.templates,
      paths.admin.categories,
      paths.admin.businessCards,
      paths.admin.termsConditions,
      paths.admin.privacyTerms,
      paths.admin.aboutUs,
      paths.admin.contactUs,
      paths.admin.smsPricing,
      paths.admin.subscriptionPricing,
      paths.admin.postPricing,
      paths.admin.smsHistory,
      paths.admin.campaigns,
    ];
    const routes: string[] = [paths.admin.dashboard.path, ...built.map((p) => p.path)];
    for (const item of ADMIN_NAV_ITEMS) expect(routes, item.href).toContain(item.href);
    renderAt('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Dashboard',
      'Feed',
      'Templates',
      'Categories',
      'Business Cards',
      'Users',
      'SMS Pricing',
      'Subscription Pricing',
      'Post Pricing',
      'Terms & Conditions',
      'Privacy Policy',
      'About Us',
      'Contact Us',
      'SMS History',
      'Campaigns',
      'Audit log',
    ]);
  });

  it("shows 'Aaspaas Admin', the admin's email, the active page, and signs out", () => {
    const onSignOut = renderAt('/admin/templates/edit/7');
    expect(screen.getByRole('link', { name: 'Aaspaas Admin' }).getAttribute('href')).toBe('/admin');
    expect(screen.getByTestId('admin-email').textContent).toBe('admin@aaspaas.in');
    const nav = screen.getByRole('navigation', { name: 'Admin pages' });
    expect(within(nav).getByRole('link', { name: 'Templates' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('opens the page list from the menu button on phones', () => {
    renderAt('/admin');
    const toggle = screen.getByRole('button', { name: 'Open admin menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close admin menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('navigation', { name: 'Admin pages' })).toHaveLength(2);
  });
});
