import { loadShare, type Loader, type SharePlugin } from './plugins';

type ShareContent = { title: string; text: string; url: string };

/**
 * The app's share sheet (@capacitor/share, first in the share chain of docs/product.md §4). Closing
 * the sheet rejects with an AbortError, as the Web Share API does, so the chain stops there instead
 * of copying the link.
 */
export async function nativeShare(content: ShareContent, load: Loader<SharePlugin> = loadShare): Promise<void> {
  const share = await load();
  try {
    await share.share({ title: content.title, text: content.text, url: content.url, dialogTitle: content.title });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/cancel/i.test(message)) throw new DOMException(message, 'AbortError');
    throw error;
  }
}
