import { IP_GUESS_ELEMENT_ID } from '@aaspaas/domain/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlineIpGuess, startEarlyIpLookup, takeEarlyIpLookup } from './early-ip-lookup';

/** The feed's HTML as the server writes it: the guess in a JSON data block. */
function pageWithGuess(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = IP_GUESS_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

describe("the first visit's IP guess", () => {
  afterEach(() => {
    document.getElementById(IP_GUESS_ELEMENT_ID)?.remove();
    vi.unstubAllGlobals();
    takeEarlyIpLookup();
  });

  it('is read from the page when the server wrote it there, without a request', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return Response.json({ lat: null, lon: null, source: 'unknown' });
    });
    pageWithGuess('{"lat":17.385,"lon":78.4867,"source":"ip","city":"Hyderabad"}');
    startEarlyIpLookup();
    await expect(takeEarlyIpLookup()).resolves.toEqual({ lat: 17.385, lon: 78.4867, source: 'ip', city: 'Hyderabad' });
    expect(urls).toEqual([]);
  });

  it('is asked of the server when the page has none', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return Response.json({ lat: null, lon: null, source: 'unknown' });
    });
    startEarlyIpLookup();
    await expect(takeEarlyIpLookup()).resolves.toEqual({ lat: null, lon: null, source: 'unknown' });
    expect(urls).toEqual(['/api/geo/locate']);
  });

  it.each([
    ['not JSON', '{lat:'],
    ['another source', '{"lat":1,"lon":2,"source":"gps"}'],
    ['a coordinate that is no number', '{"lat":"17","lon":78,"source":"ip"}'],
    ['null', 'null'],
  ])('is ignored when the block holds %s', (_what, text) => {
    pageWithGuess(text);
    expect(inlineIpGuess()).toBeNull();
  });
});
