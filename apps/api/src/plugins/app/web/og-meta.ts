import { type Language, PRODUCT_NAME, formatRupees, imageVariantUrl, truncate } from '@aaspaas/domain';

export type OgMeta = {
  title: string;
  description: string;
  imageUrl: string | null;
  canonicalUrl: string;
  type: 'website' | 'article';
};

/** The tags' own words in each language (a post's or a business's text stays as its author wrote it). */
const WORDS: Record<
  Language,
  { title: string; description: string; inPlace: (place: string) => string; seeBusiness: (name: string, place: string) => string }
> = {
  en: {
    title: `${PRODUCT_NAME} – local business posts near you`,
    description: 'Offers, new arrivals and news from local shops, salons, tutors and clinics near you.',
    inPlace: (place) => ` in ${place}`,
    seeBusiness: (name, place) => `See offers and posts from ${name}${place}.`,
  },
  hi: {
    title: `${PRODUCT_NAME} – आसपास की दुकानों की पोस्ट`,
    description: 'आसपास की दुकानों, सैलून, ट्यूटर और क्लिनिक के ऑफ़र, नया माल और खबरें।',
    inPlace: (place) => `, ${place}`,
    seeBusiness: (name, place) => `${name}${place} के ऑफ़र और पोस्ट देखें।`,
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The 1080 px variant when one exists beside an image of ours; link previews want a large image. */
export function shareImage(origin: string, url: string | null | undefined): string | null {
  if (!url) return null;
  return absoluteUrl(origin, imageVariantUrl(url, 1080) ?? url);
}

export function defaultMeta(canonicalUrl: string, language: Language = 'en'): OgMeta {
  return {
    title: WORDS[language].title,
    description: WORDS[language].description,
    imageUrl: null,
    canonicalUrl,
    type: 'website',
  };
}

export function postMeta(
  origin: string,
  post: {
    id: string;
    businessName: string;
    content: string;
    city: string | null;
    images: string[];
    ourPricePaise: number | null;
    profileImageUrl: string | null;
  },
  language: Language = 'en',
): OgMeta {
  const price = post.ourPricePaise !== null ? ` – ${formatRupees(post.ourPricePaise)}` : '';
  const place = post.city ? WORDS[language].inPlace(post.city) : '';
  return {
    title: `${post.businessName}${place}${price} | ${PRODUCT_NAME}`,
    description: truncate(post.content, 160),
    imageUrl: shareImage(origin, post.images[0] ?? post.profileImageUrl),
    canonicalUrl: `${origin}/?post=${post.id}`,
    type: 'article',
  };
}

export function businessMeta(
  origin: string,
  business: {
    userId: string;
    businessName: string;
    businessDetails: string | null;
    city: string | null;
    profileImageUrl: string | null;
  },
  firstImage: string | null,
  language: Language = 'en',
): OgMeta {
  const place = business.city ? WORDS[language].inPlace(business.city) : '';
  return {
    title: `${business.businessName}${place} | ${PRODUCT_NAME}`,
    description: truncate(business.businessDetails ?? WORDS[language].seeBusiness(business.businessName, place), 160),
    imageUrl: shareImage(origin, firstImage ?? business.profileImageUrl),
    canonicalUrl: `${origin}/business/${business.userId}`,
    type: 'website',
  };
}

/** Puts the Open Graph/Twitter tags into the SPA's head so WhatsApp and others show a card. */
export function injectMeta(html: string, meta: OgMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.canonicalUrl)}">`,
    `<meta name="twitter:card" content="${meta.imageUrl ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
  ];
  if (meta.imageUrl) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.imageUrl)}">`,
      `<meta name="twitter:image" content="${escapeHtml(meta.imageUrl)}">`,
    );
  }
  const withoutTitle = html.replace(/<title>[\s\S]*?<\/title>/i, '').replace(/<meta name="description"[^>]*>/i, '');
  return injectIntoHead(withoutTitle, tags);
}

/**
 * Elements written at the end of the page's head (the Open Graph tags, the feed's data blocks). A
 * function as the replacement: a post's text with `$'` or `$&` in it must not be read as a pattern.
 */
export function injectIntoHead(html: string, elements: string[]): string {
  return html.replace(/<\/head>/i, () => `${elements.join('\n    ')}\n  </head>`);
}
