import { describe, expect, it } from 'vitest';
import type { SharePlugin } from './plugins';
import { nativeShare } from './share';

const content = { title: 'Sharma Sweets', text: 'Sharma Sweets: Diwali boxes 20% off', url: 'https://aaspaas.in/?post=p1' };

function fakeShare(answer: () => Promise<unknown>) {
  const calls: unknown[] = [];
  const plugin = {
    share: async (options: unknown) => {
      calls.push(options);
      return answer();
    },
  } as unknown as SharePlugin;
  return { calls, load: async () => plugin };
}

describe('nativeShare: the app share sheet', () => {
  it('opens the sheet with the post title as its title, text and link', async () => {
    const share = fakeShare(async () => ({ activityType: 'com.whatsapp' }));
    await nativeShare(content, share.load);
    expect(share.calls).toEqual([{ ...content, dialogTitle: content.title }]);
  });

  it('turns a closed sheet into an AbortError, as the Web Share API does, so the chain stops', async () => {
    const share = fakeShare(async () => Promise.reject(new Error('Share canceled')));
    await expect(nativeShare(content, share.load)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes any other failure on, so the chain tries the next way', async () => {
    const share = fakeShare(async () => Promise.reject(new Error('No app can share')));
    await expect(nativeShare(content, share.load)).rejects.toThrow('No app can share');
  });
});
