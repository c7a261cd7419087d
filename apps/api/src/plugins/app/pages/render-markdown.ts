import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Raw HTML in the Markdown is not passed through at all; the sanitizer below is the second wall, for
// anything markdown-it itself emits (links, images) and for whatever a future option lets through.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  's',
  'blockquote',
  'code',
  'pre',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/**
 * A landing page's Markdown as HTML that is safe to put in a page: only the tags above, links only to
 * http(s), mailto and tel (no javascript: or data: URLs), no attributes but href, no event handlers,
 * no script or style. Links to other sites open in a new tab without handing it our window.
 */
export function renderMarkdown(body: string): string {
  return sanitizeHtml(markdown.render(body), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const safe: Record<string, string> = { href };
        if (/^https?:/i.test(href)) Object.assign(safe, { target: '_blank', rel: 'noopener noreferrer' });
        return { tagName, attribs: safe };
      },
    },
  });
}
