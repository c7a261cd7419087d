import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/lib/session-testing';
import { LearnPage } from './learn-page';

describe('/learn', () => {
  it('has one page heading and a section per habit, each with its tips', () => {
    renderAt(<LearnPage />, '/learn');
    expect(screen.getByRole('heading', { level: 1, name: 'Get more customers' })).toBeTruthy();
    const sections = ['Take good photos', 'Make offers that sell', 'Post at the right time', 'Use WhatsApp'];
    for (const name of sections) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getByRole('heading', { level: 2, name })).toBeTruthy();
      expect(within(section).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    }
    expect(screen.getByRole('region', { name: 'Take good photos' }).textContent).toContain('daylight');
    expect(screen.getByRole('region', { name: 'Make offers that sell' }).textContent).toContain('MRP');
    expect(screen.getByRole('region', { name: 'Post at the right time' }).textContent).toContain('Diwali');
    expect(screen.getByRole('region', { name: 'Use WhatsApp' }).textContent).toContain('Reply fast');
    // The contents jump to each section.
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#learn-photos', '#learn-offers', '#learn-timing', '#learn-whatsapp']);
    expect(document.title).toBe('Get more customers · Aaspaas');
  });

  it('links to the screens that put it to use, and back home', () => {
    renderAt(<LearnPage />, '/learn');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Write a post')).toBe('/send-post');
    expect(href('Make an offer')).toBe('/send-offers');
    expect(href('Use a ready template')).toBe('/add-templates');
    expect(href('See how your posts are doing')).toBe('/posts-history');
    expect(href('Add your number')).toBe('/edit-profile');
    expect(href('Back to home')).toBe('/app');
  });

  it('draws its pictures inline: no image is downloaded', () => {
    const { router } = renderAt(<LearnPage />, '/learn');
    expect(router.state.location.pathname).toBe('/learn');
    expect(document.querySelectorAll('img')).toHaveLength(0);
    // The hero and the two photo drawings.
    expect(document.querySelectorAll('svg[viewBox="0 0 240 120"], svg[viewBox="0 0 120 90"]')).toHaveLength(3);
    expect(screen.getByRole('group', { name: /a good one and one to avoid/ })).toBeTruthy();
  });
});
