import type { AdminTemplate } from '@aaspaas/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { TemplateFormPage } from './template-form-page';

const SAVED = { id: '6f1c2a7e-1111-4222-8333-444455556666' } as AdminTemplate;

/** The server: no categories, and a POST of the template that gets `answer` (the saved template) when `answer` is called. */
function serve(answer: () => Response = () => Response.json(SAVED)) {
  let respond: () => void = () => undefined;
  const posted = new Promise<Response>((resolve) => {
    respond = () => resolve(answer());
  });
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'POST' ? posted : Response.json([])));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: () => respond() };
}

/** HTML's rule: its own attribute, or a disabled fieldset around it (jsdom's `:disabled` misses the fieldset). */
const actuallyDisabled = (el: HTMLElement) => el.matches(':disabled') || el.closest('fieldset[disabled]') !== null;

describe('<TemplateFormPage> adding a template', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The add page with a title typed and sent; its title field. */
  async function typeAndSave(): Promise<HTMLElement> {
    const { container } = renderWithProviders(<TemplateFormPage />);
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Diwali offer' } });
    fireEvent.submit(container.querySelector('form')!);
    return title;
  }

  it('takes no typing from the save on: the edit page that follows shows the stored template', async () => {
    const server = serve();
    const title = await typeAndSave();

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

  it('opens the form again when the save fails, with what was typed and the reason', async () => {
    const server = serve(() => Response.json({ message: 'Choose a category' }, { status: 400 }));
    const title = await typeAndSave();
    await screen.findByRole('button', { name: 'Saving...' });
    expect(actuallyDisabled(title)).toBe(true);
    server.answer();
    expect(await screen.findByText('Choose a category')).toBeTruthy();
    expect(actuallyDisabled(title)).toBe(false);
    expect((title as HTMLInputElement).value).toBe('Diwali offer');
  });
});
