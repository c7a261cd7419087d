import type { AppUser } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES, ProfileImageField } from './profile-image-field';

function renderField() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfileImageField imageUrl={null} businessName="Sharma Kirana Store" />
    </QueryClientProvider>,
  );
  return client;
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Add photo'), { target: { files: [file] } });
}

describe('<ProfileImageField>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the photo as multipart, then sets the returned URL as the profile image', async () => {
    const calls: { url: string; body: BodyInit | null | undefined }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body });
      if (url === '/api/uploads')
        return Response.json({ url: '/media/u/shop.webp', width: 800, height: 600, bytes: 1234 }, { status: 201 });
      return Response.json({ id: 'u1', profileImageUrl: '/media/u/shop.webp' } as Partial<AppUser>);
    });
    const client = renderField();
    expect(screen.getByText('SK')).toBeTruthy();
    choose(new File(['jpeg bytes'], 'shop.jpg', { type: 'image/jpeg' }));

    await waitFor(() => expect(client.getQueryData<AppUser>(['user', 'me'])?.profileImageUrl).toBe('/media/u/shop.webp'));
    expect(calls.map((c) => c.url)).toEqual(['/api/uploads', '/api/user/profile-image']);
    const form = calls[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('shop.jpg');
    expect(JSON.parse(calls[1]!.body as string)).toEqual({ imageUrl: '/media/u/shop.webp' });
  });

  it('refuses a file that is not an image or is over 10 MB, without uploading', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderField();
    choose(new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a photo (JPEG, PNG or WebP) of at most 10 MB.');
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: PROFILE_IMAGE_MAX_BYTES + 1 });
    choose(big);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the upload is refused", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { message: 'This file is not an image we can read. Please choose a JPG, PNG or WebP photo.' },
        { status: 400 },
      ),
    );
    renderField();
    choose(new File(['x'], 'odd.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not an image we can read. Please choose a JPG, PNG or WebP photo.',
    );
  });
});
