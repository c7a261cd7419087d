import { GSTIN_MESSAGES, gstinCheckChar, PROFILE_MESSAGES, type AppUser } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/lib/session-testing';
import { ProfileForm } from './profile-form';

const baseUser: AppUser = testUser({
  id: '5d1d2b5a-2b8c-4d4f-8b0a-1c2d3e4f5a6b',
  name: 'Ravi Sharma',
  businessCategories: ['Grocery'],
  city: 'Pune',
  state: 'Maharashtra',
  lat: 18.5204,
  lon: 73.8567,
});

const validGstin = `27AAPFU0939F1Z${gstinCheckChar('27AAPFU0939F1Z')}`;
const wrongCheckGstin = `27AAPFU0939F1Z${gstinCheckChar('27AAPFU0939F1Z') === 'A' ? 'B' : 'A'}`;

type Call = { url: string; method: string; body: unknown };

/** The network boundary: categories for the picker, and whatever `onPut` answers for the save. */
function stubApi(onPut: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body });
    if (url.startsWith('/api/categories'))
      return Response.json([
        { name: 'Grocery', postCount: 4 },
        { name: 'Sweets', postCount: 2 },
      ]);
    if (url === '/api/user/me' && init.method === 'PUT') return onPut(body ?? {});
    return Response.json({ message: `unexpected ${url}` }, { status: 500 });
  });
  return calls;
}

function renderForm(user: AppUser = baseUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfileForm user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
  });
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe('<ProfileForm>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the domain's phone and GSTIN messages and sends nothing while they are wrong", async () => {
    const calls = stubApi((body) => Response.json({ ...baseUser, ...body }));
    renderForm();
    type('Business Phone', '12345');
    type('GST Number', wrongCheckGstin);
    await save();

    expect(await screen.findByText(PROFILE_MESSAGES.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(GSTIN_MESSAGES.checkDigit)).toBeTruthy();
    expect(screen.getByLabelText('Business Phone').getAttribute('aria-invalid')).toBe('true');
    type('GST Number', '27AAPFU');
    await save();
    expect(await screen.findByText(GSTIN_MESSAGES.format)).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });

  it('sends the parsed profile: phone without +91 and spaces, GSTIN upper-cased, empty text as null', async () => {
    const calls = stubApi((body) => Response.json({ ...baseUser, ...body }));
    const client = renderForm();
    type('Business Phone', '+91 98200 12345');
    type('GST Number', validGstin.toLowerCase());
    type('About my Business', '  Fresh vegetables daily.  ');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Sweets' }));
    await save();

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      name: 'Ravi Sharma',
      businessName: 'Sharma Kirana Store',
      businessDetails: 'Fresh vegetables daily.',
      businessPhone: '9820012345',
      gstNumber: validGstin,
      businessCategories: ['Grocery', 'Sweets'],
      businessAddress: null,
      city: 'Pune',
      state: 'Maharashtra',
      lat: 18.5204,
      lon: 73.8567,
    });
    await waitFor(() => expect(client.getQueryData<AppUser>(['user', 'me'])?.businessPhone).toBe('9820012345'));
  });

  it("puts the server's 400 message on its field", async () => {
    stubApi(() => Response.json({ message: GSTIN_MESSAGES.checkDigit, field: 'gstNumber' }, { status: 400 }));
    renderForm({ ...baseUser, gstNumber: validGstin });
    await save();
    const field = screen.getByLabelText('GST Number', { exact: false });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(GSTIN_MESSAGES.checkDigit)).toBeTruthy();
  });

  it('keeps every value when the network drops and says what to do', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.startsWith('/api/categories')) return Response.json([]);
      throw new TypeError('Failed to fetch');
    });
    renderForm();
    type('Shop Address', 'Shop 4, Karve Road');
    await save();
    const error = await screen.findByTestId('profile-save-error');
    expect(error.textContent).toMatch(/offline\. Your changes are still here/);
    expect((screen.getByLabelText('Shop Address') as HTMLInputElement).value).toBe('Shop 4, Karve Road');
  });

  it('lets the owner choose at most 5 categories, typed ones included', async () => {
    stubApi((body) => Response.json({ ...baseUser, ...body }));
    renderForm({ ...baseUser, businessCategories: ['Grocery', 'Dairy', 'Bakery', 'Snacks'] });
    const other = screen.getByLabelText('Another category');
    fireEvent.change(other, { target: { value: 'Home delivery' } });
    fireEvent.keyDown(other, { key: 'Enter' });
    const chosen = screen.getByRole('list', { name: 'Chosen categories' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Grocery', 'Dairy', 'Bakery', 'Snacks', 'Home delivery']);
    expect((screen.getByLabelText('Another category') as HTMLInputElement).disabled).toBe(true);
    expect(((await screen.findByRole('button', { name: 'Add Sweets' })) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dairy' }));
    expect((screen.getByLabelText('Another category') as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the saved location in words', () => {
    stubApi((body) => Response.json({ ...baseUser, ...body }));
    renderForm();
    const location = screen.getByTestId('profile-location');
    expect(location.textContent).toContain('Pune, Maharashtra');
    expect(location.textContent).toContain('Latitude 18.5204° N, longitude 73.8567° E');
  });

  it('places the business at a searched place, fills the empty city and state, and saves the point', async () => {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      if (url.startsWith('/api/categories')) return Response.json([]);
      if (url.startsWith('/api/geo/search')) {
        return Response.json([{ display_name: 'Koramangala, Bengaluru, Karnataka', lat: 12.9352, lon: 77.6245 }]);
      }
      if (url.startsWith('/api/geo/reverse')) {
        return Response.json({ display_name: 'Koramangala', locality: 'Koramangala', city: 'Bengaluru', state: 'Karnataka' });
      }
      return Response.json({ ...baseUser, ...body });
    });
    renderForm({ ...baseUser, city: null, state: null, lat: null, lon: null });
    expect(screen.getByTestId('profile-location').textContent).toContain('No location set yet');

    fireEvent.click(screen.getByRole('button', { name: 'Search a place' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search a place' }), { target: { value: 'Koramangala' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Koramangala, Bengaluru, Karnataka' }));

    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Bengaluru'));
    expect((screen.getByLabelText('State') as HTMLInputElement).value).toBe('Karnataka');
    const location = screen.getByTestId('profile-location');
    expect(location.textContent).toContain('Koramangala, Bengaluru, Karnataka');
    expect(location.textContent).toContain('Latitude 12.9352° N, longitude 77.6245° E');
    expect(calls.find((c) => c.url.startsWith('/api/geo/search'))?.url).toContain('q=Koramangala');

    await save();
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({ lat: 12.9352, lon: 77.6245, city: 'Bengaluru', state: 'Karnataka' });
  });

  it("says what to do when the device's location is refused", async () => {
    stubApi((body) => Response.json({ ...baseUser, ...body }));
    const geolocation = {
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
        fail({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' }),
    };
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
    try {
      renderForm();
      fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
      expect((await screen.findByRole('alert')).textContent).toMatch(/Location permission was refused/);
      // The saved point stays.
      expect(screen.getByTestId('profile-location').textContent).toContain('Latitude 18.5204° N');
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
});
