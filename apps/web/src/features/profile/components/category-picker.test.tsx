import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/change-language';
import { i18n } from '@/lib/i18n';
import { CategoryPicker } from './category-picker';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('CategoryPicker on a Hindi screen', () => {
  it('takes a category typed by its Hindi name as that category, kept in English, and a new one as typed', async () => {
    await changeLanguage('hi');
    await i18n.loadNamespaces('profile');
    vi.stubGlobal('fetch', async (url: string) =>
      url.startsWith('/api/categories')
        ? Response.json([{ name: 'Sweets', nameHi: 'मिठाई', postCount: 2 }])
        : Response.json({ message: `unexpected ${url}` }, { status: 500 }),
    );
    const onChange = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <CategoryPicker value={['Grocery']} onChange={onChange} />
      </QueryClientProvider>,
    );
    // The suggestion in Hindi: the categories (with their Hindi names) have come.
    await screen.findByRole('button', { name: i18n.t('profile:fields.categories.add', { name: 'मिठाई' }) });
    const other = screen.getByLabelText(i18n.t('profile:fields.categories.other'));
    fireEvent.change(other, { target: { value: ' मिठाई ' } });
    fireEvent.keyDown(other, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['Grocery', 'Sweets']);

    rerender(
      <QueryClientProvider client={client}>
        <CategoryPicker value={['Grocery', 'Sweets']} onChange={onChange} />
      </QueryClientProvider>,
    );
    // Chosen already, by either name: not added twice.
    fireEvent.change(other, { target: { value: 'मिठाई' } });
    fireEvent.keyDown(other, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    fireEvent.change(other, { target: { value: 'सिलाई' } });
    fireEvent.keyDown(other, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['Grocery', 'Sweets', 'सिलाई']);
  });
});
