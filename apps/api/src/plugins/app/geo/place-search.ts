import { distanceKm, type GeoSuggestion, PLACE_SEARCH_MAX_RESULTS } from '@aaspaas/domain';
import { normalizeName } from './places/normalize-name';
import { displayNameOf } from './places/place-names';
import { PLACE_KIND_CITY, type PlacesIndex } from './places/places-types';
import { getPlacesIndex } from './places/shared-index';

/**
 * Offline place search over the gazetteer of India.
 *
 * Ranking, best first: the whole name equals the query (tier 0) > the name starts with it (1) > every
 * query word starts a word of the name (2) > every query word starts a word of the name or of its
 * district/state, at least one in the name ("koramangala bengaluru", tier 3). Within a tier: cities
 * before localities of similar importance, then importance (how many pincodes are around: Andheri in
 * Mumbai before Andheri in Sirmaur), then fewer extra words. Same name in the same district, or two
 * places of the same (or both exactly matching) name within 20 km, give one result.
 */

const TIER_EXACT = 0;
const TIER_PREFIX = 1;
const TIER_WORDS = 2;
const TIER_CONTEXT = 3;
const NO_MATCH = 255;

const CITY_BONUS = 4;
const WORD_BOUNDARY_BONUS = 2;
const EXTRA_WORD_PENALTY = 0.5;
const DUPLICATE_WITHIN_KM = 20;
/** A query word of one letter generates no candidates by itself when the query has longer words. */
const MIN_GENERATING_TOKEN = 2;
/** Posting slices longer than this are skipped when another query word has a shorter one. */
const MAX_SLICE = 5000;

interface Candidate {
  place: number;
  tier: number;
  score: number;
}

/** Index range [from, to) of the sorted strings that start with prefix. */
function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const from = lo;
  hi = sorted.length;
  const upper = `${prefix}\uffff`;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < upper) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

function wordsOf(s: string): string[] {
  return s.includes(' ') ? s.split(' ') : [s];
}

/** Tier of a place for a multi-word or word-level match, and how many of its name words the query left unmatched. */
function wordTier(index: PlacesIndex, place: number, tokens: readonly string[]): { tier: number; extra: number } {
  const nameWords = wordsOf(index.key[place]!);
  const aliasWords = (index.aliases.get(place) ?? []).flatMap(wordsOf);
  const used = new Set<number>();
  let inName = 0;
  let inContext = 0;
  for (const t of tokens) {
    let found = -1;
    for (let w = 0; w < nameWords.length; w++) {
      if (!used.has(w) && nameWords[w]!.startsWith(t)) {
        found = w;
        break;
      }
    }
    if (found >= 0) {
      used.add(found);
      inName++;
      continue;
    }
    if (aliasWords.some((w) => w.startsWith(t))) {
      inName++;
      continue;
    }
    const d = index.districts[index.district[place]!];
    const s = index.states[index.state[place]!];
    const q = index.qualifiers.get(place);
    if (d?.words.some((w) => w.startsWith(t)) || s?.words.some((w) => w.startsWith(t)) || q?.some((w) => w.startsWith(t))) {
      inContext++;
      continue;
    }
    return { tier: NO_MATCH, extra: 0 };
  }
  if (inName === 0) return { tier: NO_MATCH, extra: 0 };
  return { tier: inContext === 0 ? TIER_WORDS : TIER_CONTEXT, extra: Math.max(0, nameWords.length - used.size) };
}

function scoreOf(index: PlacesIndex, place: number, tier: number, extra: number, bonus: number): number {
  return (
    -tier * 100 +
    bonus +
    (index.kind[place] === PLACE_KIND_CITY ? CITY_BONUS : 0) +
    index.weight[place]! -
    extra * EXTRA_WORD_PENALTY -
    index.key[place]!.length * 0.001
  );
}

function isDuplicate(index: PlacesIndex, a: Candidate, b: Candidate): boolean {
  const ka = index.key[a.place]!;
  const kb = index.key[b.place]!;
  const sameName = ka === kb || (a.tier === TIER_EXACT && b.tier === TIER_EXACT);
  if (!sameName) return false;
  if (
    ka === kb &&
    index.kind[a.place] === index.kind[b.place] &&
    index.district[a.place] === index.district[b.place] &&
    index.state[a.place] === index.state[b.place]
  )
    return true;
  return distanceKm(index.lat[a.place]!, index.lon[a.place]!, index.lat[b.place]!, index.lon[b.place]!) <= DUPLICATE_WITHIN_KM;
}

/** Places of India matching a free-text query, best first, at most `limit` (≤ 8). */
export function searchPlaces(
  query: string,
  limit: number = PLACE_SEARCH_MAX_RESULTS,
  index: PlacesIndex = getPlacesIndex(),
): GeoSuggestion[] {
  const max = Math.max(1, Math.min(PLACE_SEARCH_MAX_RESULTS, Math.floor(limit) || PLACE_SEARCH_MAX_RESULTS));
  const q = normalizeName(query);
  if (!q) return [];
  const tokens = wordsOf(q);

  const best = new Map<number, Candidate>();
  const consider = (place: number, tier: number, extra: number, bonus: number) => {
    if (tier === NO_MATCH) return;
    const score = scoreOf(index, place, tier, extra, bonus);
    const prev = best.get(place);
    if (!prev || score > prev.score) best.set(place, { place, tier, score });
  };

  // Tiers 0 and 1: the whole query is a prefix of a name (or former name).
  const [from, to] = prefixRange(index.sortedKeys, q);
  for (let j = from; j < to; j++) {
    const k = index.sortedKeys[j]!;
    const place = index.sortedKeyPlace[j]!;
    if (k === q) consider(place, TIER_EXACT, 0, 0);
    else {
      const boundary = k.charCodeAt(q.length) === 32;
      const extra = wordsOf(k).length - tokens.length;
      consider(place, TIER_PREFIX, extra, boundary ? WORD_BOUNDARY_BONUS : 0);
    }
  }

  // Tiers 2 and 3: each query word starts some word; candidates come from the words' postings.
  const longest = Math.max(...tokens.map((t) => t.length));
  const slices = tokens
    .filter((t) => t.length >= Math.min(MIN_GENERATING_TOKEN, longest))
    .map((t) => {
      const [wFrom, wTo] = prefixRange(index.words, t);
      return { from: index.wordOffsets[wFrom]!, to: index.wordOffsets[wTo]! };
    })
    .sort((a, b) => a.to - a.from - (b.to - b.from));
  const smallest = slices[0] ? slices[0].to - slices[0].from : 0;
  const seen = new Set<number>();
  for (const { from: pFrom, to: pTo } of slices) {
    // A very common word ("nagar") adds candidates only when no other query word is selective.
    if (pTo - pFrom > MAX_SLICE && smallest <= MAX_SLICE) continue;
    for (let j = pFrom; j < pTo; j++) {
      const place = index.wordPostings[j]!;
      if (seen.has(place)) continue;
      seen.add(place);
      if (tokens.length === 1) {
        // One word that starts a word of the name (postings are built from names and former names).
        if (!best.has(place)) consider(place, TIER_WORDS, wordsOf(index.key[place]!).length - 1, 0);
        continue;
      }
      const { tier, extra } = wordTier(index, place, tokens);
      consider(place, tier, extra, 0);
    }
  }

  const ranked = [...best.values()].sort((a, b) => b.score - a.score || a.place - b.place);
  const chosen: Candidate[] = [];
  const out: GeoSuggestion[] = [];
  for (const c of ranked) {
    if (out.length >= max) break;
    if (chosen.some((o) => isDuplicate(index, o, c))) continue;
    const display_name = displayNameOf(index, c.place);
    if (out.some((s) => s.display_name === display_name)) continue;
    chosen.push(c);
    out.push({ display_name, lat: roundCoord(index.lat[c.place]!), lon: roundCoord(index.lon[c.place]!) });
  }
  return out;
}

export function roundCoord(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
