import type { AdminTemplate } from '@aaspaas/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { TemplateFormPage } from './template-form-page';

const SAVED = { id: '6f1c2a7e-1111-4222-8333-444455556666' } as AdminTemplate;

/** The server: no categories, and a POST of the template that answers when `answer` is called. */
function serve() {
  let answer: () => void = () => undefined;
  const posted = new Promise<Response>((resolve) => {
    answer = () => resolve(Response.json(SAVED));
  });
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? posted : Response.json([])));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: () => answer() };
}

/** HTML's rule: its own attribute, or a disabled fieldset around it (jsdom's `:disabled` misses the fieldset). */
const actuallyDisabled = (el: HTMLElement) => el.matches(':disabled') || el.closest('fieldset[disabled]') !== null;

describe('<TemplateFormPage> adding a template', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes no typing from the save on: the edit page that follows shows the stored template', async () => {
    const server = serve();
    const { container } = renderWithProviders(<TemplateFormPage />);
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Diwali offer' } });
    fireEvent.submit(container.querySelector('form')!);

    await waitFor(() =>
      expect(server.fetchMock).toHaveBeenCalledWith(expect.stringContaining('/api/admin/templates'), expect.anything()),
    );
    await screen.findByRole('button', { name: 'Saving...' });
    expect(actuallyDisabled(title)).toBe(true);
    // Saved: the address moves to the edit page, and the form stays closed until that page replaces it.
    server.answer();
    await screen.findByRole('button', { name: 'Save template' });
    expect(actuallyDisabled(title)).toBe(true);
    expect((title as HTMLInputElement).value).toBe('Diwali offer');
  });
});
