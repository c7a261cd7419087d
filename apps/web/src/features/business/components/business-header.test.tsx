import type { BusinessProfile } from '@aaspaas/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { renderWithProviders } from '@/test/render-with-providers';
import { businessInitials } from './business-avatar';
import { BusinessHeader } from './business-header';

vi.mock('@/lib/notify', () => ({ notify: vi.fn(() => Promise.resolve()) }));

const bare: BusinessProfile = {
  userId: '6f1c2a7e-1111-4222-8333-444455556666',
  businessName: 'Sharma Sweets',
  businessPhone: null,
  businessAddress: '  ',
  businessDetails: null,
  businessCategories: [' '],
  profileImageUrl: null,
  city: null,
  state: null,
  postCount: 0,
  verified: false,
  featured: false,
  hours: null,
  closedUntil: null,
  openNow: null,
  openChangesAt: null,
  upiId: null,
};

describe('<BusinessHeader>', () => {
  it("says 'No details available.' when the business filled in nothing, with initials and no call button", () => {
    renderWithProviders(<BusinessHeader profile={bare} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sharma Sweets' })).toBeTruthy();
    expect(screen.getByText('No details available.')).toBeTruthy();
    expect(screen.getByTestId('business-initials').textContent).toBe('SS');
    expect(screen.queryByTestId('business-call')).toBeNull();
    expect(screen.queryByText('About my Business')).toBeNull();
    expect(screen.queryByText('Business Categories')).toBeNull();
    expect(screen.getByText('0 posts')).toBeTruthy();
  });

  it('tells the visitor when there is no WhatsApp number', () => {
    renderWithProviders(<BusinessHeader profile={bare} />);
    fireEvent.click(screen.getByRole('button', { name: 'Message Sharma Sweets on WhatsApp' }));
    expect(notify).toHaveBeenCalledWith('This business has not added a WhatsApp number yet.', 'info');
  });

  it('shows phone with +91, call and WhatsApp links, address, details and categories', () => {
    renderWithProviders(
      <BusinessHeader
        profile={{
          ...bare,
          businessPhone: '9820012345',
          businessAddress: 'Shop 4, Linking Road',
          businessDetails: 'Fresh sweets daily.',
          businessCategories: ['Sweets', 'Snacks'],
          city: 'Mumbai',
          state: 'Maharashtra',
          postCount: 1,
        }}
      />,
    );
    expect(screen.queryByText('No details available.')).toBeNull();
    expect(screen.getByRole('link', { name: '+91 98200 12345' }).getAttribute('href')).toBe('tel:+919820012345');
    expect(screen.getByTestId('business-call').getAttribute('href')).toBe('tel:+919820012345');
    expect(screen.getByTestId('business-whatsapp').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919820012345\?text=/);
    expect(screen.getByText('Mumbai, Maharashtra')).toBeTruthy();
    expect(screen.getByText('Shop 4, Linking Road')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About my Business' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Business Categories' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sweets', 'Snacks']);
    expect(screen.getByText('1 post')).toBeTruthy();
  });

  it("shows the 'Verified business' badge and the 'Featured' mark only when the admin set them", () => {
    const { unmount } = renderWithProviders(<BusinessHeader profile={{ ...bare, verified: true, featured: true }} />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByRole('img', { name: 'Verified business' }).textContent).toBe('Verified');
    expect(screen.getByText('Featured')).toBeTruthy();
    unmount();
    renderWithProviders(<BusinessHeader profile={bare} />);
    expect(screen.queryByRole('img', { name: 'Verified business' })).toBeNull();
    expect(screen.queryByText('Featured')).toBeNull();
  });

  it('makes initials from up to two words', () => {
    expect(businessInitials('  ravi  kirana store ')).toBe('RK');
    expect(businessInitials('')).toBe('?');
  });
});
