import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findContacts, linkify, parsePageBody } from '../utils/page-body';
import { PageBody } from './page-body';

describe('parsePageBody', () => {
  it('reads headings, lists and blank-line paragraphs, keeping line breaks inside a paragraph', () => {
    const body = [
      'Intro line one',
      'intro line two',
      '',
      '## Support',
      '- first',
      '- second',
      'After the list',
      '',
      '',
      '## Office',
    ].join('\n');
    expect(parsePageBody(body)).toEqual([
      { kind: 'paragraph', lines: ['Intro line one', 'intro line two'] },
      { kind: 'heading', text: 'Support' },
      { kind: 'list', items: ['first', 'second'] },
      { kind: 'paragraph', lines: ['After the list'] },
      { kind: 'heading', text: 'Office' },
    ]);
  });

  it('keeps list items separated by blank lines in one list', () => {
    expect(parsePageBody('- a\n\n- b\n\nText\n\n- c')).toEqual([
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', lines: ['Text'] },
      { kind: 'list', items: ['c'] },
    ]);
  });

  it('treats Windows line endings and stray whitespace the same', () => {
    expect(parsePageBody('  ## Title  \r\n\r\n- a\r\n-   b  ')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'list', items: ['a', 'b'] },
    ]);
  });
});

describe('linkify', () => {
  it('links web addresses, emails and Indian phone numbers, leaving the punctuation around them', () => {
    const parts = linkify(
      'Visit https://aaspaas.in/help. Or www.example.com, mail support@aaspaas.in. Call 98200 12345 or +91 90040 55501 or 1800-123-4567.',
    );
    const links = parts.filter((p) => p.kind === 'link');
    expect(links.map((l) => [l.type, l.text, l.href])).toEqual([
      ['url', 'https://aaspaas.in/help', 'https://aaspaas.in/help'],
      ['url', 'www.example.com', 'https://www.example.com/'],
      ['email', 'support@aaspaas.in', 'mailto:support@aaspaas.in'],
      ['phone', '98200 12345', 'tel:+919820012345'],
      ['phone', '+91 90040 55501', 'tel:+919004055501'],
      ['phone', '1800-123-4567', 'tel:18001234567'],
    ]);
    expect(parts.map((p) => p.text).join('')).toContain('help. Or www');
  });

  it('does not take years, pincodes or section numbers for phone numbers', () => {
    const text = 'Information Technology Act, 2000 and the DPDP Act, 2023. Mumbai, Maharashtra 400069. Rule 3(1)(b).';
    expect(linkify(text).every((p) => p.kind === 'text')).toBe(true);
  });

  it('opens WhatsApp for numbers on a WhatsApp line', () => {
    const [, link] = linkify('WhatsApp: +91 90040 55501 (messages only)', { whatsapp: true });
    expect(link).toMatchObject({ kind: 'link', type: 'whatsapp', href: 'https://wa.me/919004055501' });
  });
});

describe('findContacts', () => {
  it('lists each email, phone and WhatsApp number once, with its section', () => {
    const body =
      '## Support\n\n- Email: support@aaspaas.in\n- WhatsApp: +91 90040 55501\n\n## Grievance Officer\n\nWrite to grievance@aaspaas.in or support@aaspaas.in, or call 022 26543210.';
    expect(findContacts(body)).toEqual([
      { type: 'whatsapp', value: '+91 90040 55501', href: 'https://wa.me/919004055501', section: 'Support' },
      { type: 'phone', value: '022 26543210', href: 'tel:+912226543210', section: 'Grievance Officer' },
      { type: 'email', value: 'support@aaspaas.in', href: 'mailto:support@aaspaas.in', section: 'Support' },
      { type: 'email', value: 'grievance@aaspaas.in', href: 'mailto:grievance@aaspaas.in', section: 'Grievance Officer' },
    ]);
  });
});

describe('<PageBody>', () => {
  it('renders h2 headings, lists and paragraphs with clickable links', () => {
    render(
      <PageBody
        body={'Hello there.\n\n## Support\n\n- Email: support@aaspaas.in\n- Site: https://aaspaas.in\n\nCall 98200 12345.'}
      />,
    );
    const body = screen.getByTestId('page-body');
    expect(screen.getByRole('heading', { level: 2, name: 'Support' })).toBeTruthy();
    const items = within(body).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'support@aaspaas.in' }).getAttribute('href')).toBe(
      'mailto:support@aaspaas.in',
    );
    const site = within(items[1]!).getByRole('link', { name: /https:\/\/aaspaas\.in/ });
    expect(site.getAttribute('href')).toBe('https://aaspaas.in/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(body).getByRole('link', { name: '98200 12345' }).getAttribute('href')).toBe('tel:+919820012345');
    expect(
      within(body)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['Hello there.', 'Call 98200 12345.']);
  });

  it('shows HTML in the body as text: no elements, no script, no javascript: links', () => {
    const evil = [
      '<script>window.__pwned = true</script>',
      '## <img src=x onerror="window.__pwned=true">',
      '- <a href="javascript:alert(1)">click</a>',
      'javascript:alert(1) and data:text/html,<b>x</b>',
    ].join('\n\n');
    render(<PageBody body={evil} />);
    const body = screen.getByTestId('page-body');
    expect(body.querySelector('script, img, b, iframe')).toBeNull();
    expect(body.querySelectorAll('a')).toHaveLength(0);
    expect(body.textContent).toContain('<script>window.__pwned = true</script>');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('<img src=x onerror="window.__pwned=true">');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});
