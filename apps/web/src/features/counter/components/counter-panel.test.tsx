import type { Claim } from '@aaspaas/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, serveFakeApi, testUser } from '@/lib/session-testing';
import { counterKeys } from '../api/counter-keys';
import { setSpeechEnabled } from '../utils/speech';
import { CounterPanel } from './counter-panel';

const claim = (id: string, code: string, overrides: Partial<Claim> = {}): Claim => ({
  id,
  code,
  postId: 'p1',
  title: 'Diwali combo',
  businessName: 'Sharma Kirana Store',
  amountPaise: 39_900,
  status: 'open',
  expiresAt: null,
  expired: false,
  receivedPaise: null,
  redeemedAt: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  payLink: null,
  ...overrides,
});

/** The phone's speech (a browser API): what it was asked to say, and in which language. */
function phoneSpeech() {
  const said: { text: string; lang: string }[] = [];
  class Utterance {
    lang = '';
    constructor(public text: string) {}
  }
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  vi.stubGlobal('speechSynthesis', { speak: (u: Utterance) => said.push({ text: u.text, lang: u.lang }) });
  return said;
}

/** The panel with the claims the API answers now (`claims.now`), and a way to ask again as its half-minute refresh does. */
async function panel(first: Claim[]) {
  const claims = { now: first };
  serveFakeApi((call) =>
    call.path === '/api/user/claims' ? jsonResponse(200, claims.now) : jsonResponse(404, { message: 'no' }),
  );
  const { client } = renderAt(<CounterPanel user={testUser({ hours: null })} />);
  await screen.findByText(first.length ? first[0]!.code : 'No claims yet today. Customers get a code when they claim an offer.');
  return {
    async arrive(next: Claim[]) {
      claims.now = next;
      await client.refetchQueries({ queryKey: counterKeys.claims() });
    },
  };
}

describe('the counter’s claims list announces new claims (docs/product.md §3, Claims)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says a claim that arrives while the list is open, not the ones already there, when speech is on', async () => {
    const said = phoneSpeech();
    setSpeechEnabled(true);
    const counter = await panel([claim('c1', '4F7K')]);
    expect(said).toEqual([]);
    await counter.arrive([
      claim('c3', '9QRS', { amountPaise: null, title: 'Free chai' }),
      claim('c2', '7XYZ'),
      claim('c1', '4F7K'),
    ]);
    await waitFor(() => expect(said).toHaveLength(1));
    // Oldest first, as they came to the counter; one without a price says no amount.
    expect(said[0]).toEqual({ text: 'New claim 7XYZ: Diwali combo, ₹399. New claim 9QRS: Free chai', lang: 'en-IN' });
    expect(screen.getByTestId('claims-announced').textContent).toBe(said[0]!.text);
    // Asked again with nothing new: nothing more is said.
    await counter.arrive([claim('c3', '9QRS'), claim('c2', '7XYZ'), claim('c1', '4F7K')]);
    expect(said).toHaveLength(1);
  });

  it('stays silent with speech off, and never says a claim that arrives already redeemed', async () => {
    const said = phoneSpeech();
    const counter = await panel([]);
    await counter.arrive([claim('c1', '4F7K')]);
    await waitFor(() => expect(screen.getByTestId('claims-announced').textContent).toBe('New claim 4F7K: Diwali combo, ₹399'));
    expect(said).toEqual([]);
    setSpeechEnabled(true);
    await counter.arrive([claim('c2', '7XYZ', { status: 'redeemed', receivedPaise: 39_900 }), claim('c1', '4F7K')]);
    await screen.findByText('7XYZ');
    expect(said).toEqual([]);
  });
});
