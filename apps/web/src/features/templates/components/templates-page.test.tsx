import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, serveFakeApi, type FakeCall } from '@/lib/session-testing';
import { testTemplate } from '../utils/templates-testing';
import { TemplatesPage } from './templates-page';

const diwali = testTemplate({ title: 'Diwali Dhamaka Offer', category: 'Festival Offers', kind: 'offer' });
const opening = testTemplate({ title: 'Grand Opening', category: 'Grand Opening', kind: 'post' });
const CATEGORIES = [{ name: 'Festival Offers' }, { name: 'Grand Opening' }, { name: 'New Arrivals' }];

const lists = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/templates');
const categoryOf = (call: FakeCall | undefined) => new URLSearchParams(call?.search).get('category');

function renderTemplates(path = '/add-templates') {
  return renderRoutes(
    [
      { path: '/add-templates', element: <TemplatesPage /> },
      { path: '/template-preview/:id', element: <p>preview page</p> },
      { path: '/app', element: <p>home page</p> },
    ],
    path,
  );
}

/** The API: categories, and templates filtered by ?category= like the server does. */
function serveTemplates(all = [diwali, opening]) {
  return serveFakeApi((call) => {
    if (call.path === '/api/template-categories') return jsonResponse(200, CATEGORIES);
    const category = categoryOf(call);
    return jsonResponse(200, category ? all.filter((t) => t.category.toLowerCase() === category.toLowerCase()) : all);
  });
}

describe('/add-templates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons, then a card per template with its picture, title and kind, linked to its preview', async () => {
    serveTemplates();
    renderTemplates();
    expect(screen.getByTestId('templates-loading')).toBeTruthy();
    const card = await screen.findByRole('link', { name: 'Diwali Dhamaka Offer, Offer template' });
    expect(card.getAttribute('href')).toBe(`/template-preview/${diwali.id}`);
    // The thumbnail comes as small WebP variants for phones.
    const img = card.querySelector('img')!;
    const base = diwali.backgroundUrl.replace(/\.webp$/, '');
    // The phone picks its size from the variants (their widths are the domain's).
    expect(img.getAttribute('srcset')).toContain(`${base}-480.webp 480w`);
    expect(img.getAttribute('srcset')).toContain(`${base}-1080.webp 1080w`);
    expect(img.getAttribute('sizes')).toContain('50vw');
    expect(within(card).getByText('Offer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Grand Opening, Post template' })).toBeTruthy();
    expect(screen.getByTestId('templates-count').textContent).toBe('2 templates');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/app');
  });

  it('filters by a category chip (a radio group with All), asking the server for that category', async () => {
    const calls = serveTemplates();
    const { router } = renderTemplates();
    await screen.findByText('Diwali Dhamaka Offer');
    const group = screen.getByRole('group', { name: 'Category' });
    expect(within(group).getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    fireEvent.click(await within(group).findByRole('radio', { name: 'Grand Opening' }));

    expect(await screen.findByRole('link', { name: 'Grand Opening, Post template' })).toBeTruthy();
    expect(screen.queryByText('Diwali Dhamaka Offer')).toBeNull();
    expect(categoryOf(lists(calls).at(-1))).toBe('Grand Opening');
    expect(router.state.location.search).toBe('?category=Grand+Opening');
    expect(within(group).getByRole('radio', { name: 'Grand Opening' })).toHaveProperty('checked', true);
  });

  it('says when a category has no templates, and shows all again', async () => {
    serveTemplates();
    renderTemplates('/add-templates?category=New%20Arrivals');
    expect(await screen.findByRole('heading', { name: 'No templates in this category yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all templates' }));
    expect(await screen.findByText('Diwali Dhamaka Offer')).toBeTruthy();
  });

  it('with no templates at all, points to a post from scratch', async () => {
    serveTemplates([]);
    renderTemplates();
    expect(await screen.findByRole('heading', { name: 'No templates yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a post' }).getAttribute('href')).toBe('/send-post');
  });

  it('shows a failure with the server’s reason and a retry that loads them', async () => {
    let fail = true;
    serveFakeApi((call) => {
      if (call.path === '/api/template-categories') return jsonResponse(200, CATEGORIES);
      return fail ? jsonResponse(500, { message: 'Something went wrong on our side' }) : jsonResponse(200, [diwali]);
    });
    renderTemplates();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the templates');
    expect(alert.textContent).toContain('Something went wrong on our side');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Diwali Dhamaka Offer')).toBeTruthy();
  });
});
