import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FirstScreenMarkup, RenderFirstScreen } from '@aaspaas/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The web's render of the feed's first screen (ADR 009: the frame, the first cards, the splash),
 * which the feed's HTML carries in #root so that it shows, and its first photo loads, before the
 * app's code has arrived. It is the web app's own build (`vite build --ssr`, like index.html is
 * its build), loaded once at start; without it the HTML is served as before.
 */
export async function loadFirstScreen(file: string, log: FastifyBaseLogger): Promise<RenderFirstScreen | null> {
  if (!fs.existsSync(file)) {
    log.warn(`No first-screen render at ${file}: the feed's HTML is served without it (run npm run build).`);
    return null;
  }
  const mod = (await import(pathToFileURL(file).href)) as { renderFirstScreen?: unknown };
  if (typeof mod.renderFirstScreen !== 'function') {
    log.warn(`${file} has no renderFirstScreen: the feed's HTML is served without it.`);
    return null;
  }
  return mod.renderFirstScreen as RenderFirstScreen;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * index.html with the first screen: its markup inside the (empty) #root, its head elements ahead of
 * the head's first script (so the first photo is asked for before the app's code). Functions as
 * replacements, so no `$&` of a post is read as a pattern.
 */
export function withFirstScreen(html: string, { head, root }: FirstScreenMarkup): string {
  const withRoot = html.replace(EMPTY_ROOT, () => `<div id="root">${root}</div>`);
  if (!head) return withRoot;
  const at = /<script\b|<\/head>/i.exec(withRoot)?.index;
  return at === undefined ? withRoot : `${withRoot.slice(0, at)}${head}\n    ${withRoot.slice(at)}`;
}
