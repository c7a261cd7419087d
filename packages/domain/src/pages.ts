import { z } from 'zod';

/** Landing pages whose content is stored in the database and edited by the admin. */
export const SITE_PAGE_SLUGS = ['about-us', 'contact-us', 'terms', 'privacy'] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

export const SitePageSchema = z
  .object({
    slug: z.enum(SITE_PAGE_SLUGS),
    title: z.string(),
    /** Markdown, as the admin wrote it. */
    body: z.string(),
    /** The body rendered by the server and sanitized (no script, event handler or javascript: link). */
    html: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SitePage' });
export type SitePage = z.infer<typeof SitePageSchema>;
export const SitePageParamsSchema = z.object({ slug: z.enum(SITE_PAGE_SLUGS, { error: 'Page not found' }) });
