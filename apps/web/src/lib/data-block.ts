/**
 * The JSON of a data block the server wrote into the page (`<script type="application/json">`,
 * apps/api …/web/feed-html-data.ts), taken once: the block is removed, so only the first reader
 * gets it. Undefined when the page has none (e.g. the copy of index.html the service worker keeps).
 */
export function takeDataBlock(id: string, doc: Document = document): unknown {
  const block = doc.getElementById(id);
  const text = block?.textContent;
  block?.remove();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
