import { CITY_ALIASES, CITY_RENAMES, DISTRICT_NAMES, MAJOR_CITIES, MAJOR_CITY_WEIGHT } from './aliases';
import { normalizeName, stripDiacritics } from './normalize-name';
import { cellOf, gridKey } from './pincode-grid';
import {
  type CompactPlacesSource,
  PLACE_KIND_CITY,
  PLACE_KIND_LOCALITY,
  type PlacesIndex,
  type PlacesIndexStats,
} from './places-types';

const INSTITUTIONAL =
  /\b(college|colleges|bhawan|bhavan|house|court|office|offices|bldg|building|hospital|school|university|secretariat|sectt|commission|parliament|camp|station|complex|medical|corporation|institute|factory|workshop|airport|kty|mills|project|exchange|engg|collectorate|cantt|cantonment|depot|ordnance|refinery|plant|nagar palika|r s|rs|sso|ho|so|bo|extension counter|ec)\b/;

/** Names of a street or market rather than an area: a weaker label for a pincode's point. */
const STREET_LIKE = /\b(road|rd|marg|market|mkt|bazar|bazaar|chowk|gate|lane|street|st)\b/;

/** "Indiranagar (Bangalore)" → Indiranagar + qualifier; also the data's truncated "Pratapnagar (Hoogh" and stray ")". */
function splitQualifier(name: string): { base: string; qualifier: string | null } {
  const m = /^(.*?)\s*\(([^)]*)(?:\)\s*(.*))?$/.exec(name);
  const clean = (t: string) => t.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!m) return { base: clean(name) || name, qualifier: null };
  const base = clean(`${m[1] ?? ''} ${m[3] ?? ''}`);
  if (!base) return { base: clean(name) || name, qualifier: null };
  return { base, qualifier: clean(m[2] ?? '') || null };
}

export function* buildPlacesIndexSteps(
  src: CompactPlacesSource,
  source: PlacesIndexStats['source'],
  loadMs: number,
): Generator<void, PlacesIndex> {
  const t0 = performance.now();
  const cityCount = src.cities.length / 5;
  const localityCount = src.localities.length / 3;
  const size = cityCount + localityCount;

  const states = src.states.map((name) => ({ name, words: normalizeName(name).split(' ') }));
  const districts = src.districts.map(([raw, state]) => {
    const rawKey = normalizeName(raw);
    const display = DISTRICT_NAMES[rawKey] ?? (raw.replace(/\s*\([^)]*\)?\s*/g, ' ').trim() || raw);
    const words = new Set([...rawKey.split(' '), ...normalizeName(display).split(' ')]);
    return { raw, rawKey, display, words: [...words].filter(Boolean), state };
  });

  // Pincode points and their grid.
  const pinN = src.pinCode.length;
  const pins = {
    code: Int32Array.from(src.pinCode),
    lat: Float64Array.from(src.pinLat),
    lon: Float64Array.from(src.pinLon),
    label: new Int32Array(pinN).fill(-1),
    grid: new Map<number, number[]>(),
  };
  for (let p = 0; p < pinN; p++) {
    const k = gridKey(cellOf(pins.lat[p]!), cellOf(pins.lon[p]!));
    const cell = pins.grid.get(k);
    if (cell) cell.push(p);
    else pins.grid.set(k, [p]);
  }
  const density = (lat: number, lon: number): number => {
    const cl = cellOf(lat);
    const co = cellOf(lon);
    let n = 0;
    for (let dl = -1; dl <= 1; dl++) for (let dn = -1; dn <= 1; dn++) n += pins.grid.get(gridKey(cl + dl, co + dn))?.length ?? 0;
    return Math.log2(1 + n);
  };
  const pinWeight = new Float32Array(pinN);
  for (let p = 0; p < pinN; p++) pinWeight[p] = density(pins.lat[p]!, pins.lon[p]!);

  yield;
  const kind = new Uint8Array(size);
  const lat = new Float64Array(size);
  const lon = new Float64Array(size);
  const name: string[] = new Array<string>(size);
  const key: string[] = new Array<string>(size);
  const district = new Int32Array(size);
  const state = new Int32Array(size);
  const weight = new Float32Array(size);
  const pin = new Int32Array(size);
  const aliases = new Map<number, string[]>();
  const qualifiers = new Map<number, string[]>();

  const addAlias = (i: number, alias: string) => {
    if (key[i] === alias) return;
    const list = aliases.get(i);
    if (!list) aliases.set(i, [alias]);
    else if (!list.includes(alias)) list.push(alias);
  };
  const cityByName = new Map<string, number[]>();
  for (let i = 0; i < cityCount; i++) {
    const o = i * 5;
    let display = stripDiacritics(String(src.cities[o]));
    const stateName = states[Number(src.cities[o + 3])]?.name ?? '';
    const rename = CITY_RENAMES[normalizeName(display)];
    const oldKey = normalizeName(display);
    if (rename && rename.state === stateName) display = rename.name;
    kind[i] = PLACE_KIND_CITY;
    name[i] = display;
    key[i] = normalizeName(display);
    if (oldKey !== key[i]) addAlias(i, oldKey);
    lat[i] = Number(src.cities[o + 1]);
    lon[i] = Number(src.cities[o + 2]);
    state[i] = Number(src.cities[o + 3]);
    district[i] = Number(src.cities[o + 4]);
    weight[i] = density(lat[i]!, lon[i]!);
    pin[i] = -1;
    const k = `${key[i]}|${stateName}`;
    const list = cityByName.get(k);
    if (list) list.push(i);
    else cityByName.set(k, [i]);
  }
  /** The city of that name in that state (the one nearest the latitude when there are several). */
  const findCity = (cityName: string, stateName: string, approxLat?: number): number | undefined => {
    const list = cityByName.get(`${normalizeName(cityName)}|${stateName}`);
    if (!list?.length) return undefined;
    if (approxLat === undefined || list.length === 1) return list[0];
    return list.reduce((a, b) => (Math.abs(lat[a]! - approxLat) <= Math.abs(lat[b]! - approxLat) ? a : b));
  };
  for (const [alias, target] of Object.entries(CITY_ALIASES)) {
    const i = findCity(target.city, target.state);
    if (i !== undefined) addAlias(i, alias);
  }
  const majorList: number[] = [];
  for (const entry of MAJOR_CITIES.split(',')) {
    const [cityName, stateName, approxLat] = entry.trim().split('|');
    if (!cityName || !stateName) continue;
    const i = findCity(cityName, stateName, approxLat ? Number(approxLat) : undefined);
    if (i === undefined || majorList.includes(i)) continue;
    weight[i] = weight[i]! + MAJOR_CITY_WEIGHT;
    majorList.push(i);
  }

  for (let j = 0; j < localityCount; j++) {
    const i = cityCount + j;
    const o = j * 3;
    const raw = String(src.localities[o]);
    const p = Number(src.localities[o + 1]);
    const d = Number(src.localities[o + 2]);
    const { base, qualifier } = raw.includes('(') || raw.includes(')') ? splitQualifier(raw) : { base: raw, qualifier: null };
    const baseKey = normalizeName(base);
    const dist = districts[d];
    kind[i] = PLACE_KIND_LOCALITY;
    name[i] = base;
    key[i] = baseKey;
    // A post office named after its district ("Bangalore") takes the district's current name.
    if (dist && baseKey === dist.rawKey && dist.display !== dist.raw) {
      name[i] = dist.display;
      key[i] = normalizeName(dist.display);
      aliases.set(i, [baseKey]);
    }
    if (qualifier) qualifiers.set(i, normalizeName(qualifier).split(' ').filter(Boolean));
    lat[i] = pins.lat[p]!;
    lon[i] = pins.lon[p]!;
    district[i] = d;
    state[i] = dist?.state ?? -1;
    weight[i] = pinWeight[p]!;
    pin[i] = p;
  }

  yield;
  // Sorted keys (names and aliases) for prefix look-up: group places by key, sort the unique keys natively.
  const byKey = new Map<string, number[]>();
  const addKey = (k: string, i: number) => {
    if (!k) return;
    const list = byKey.get(k);
    if (list) list.push(i);
    else byKey.set(k, [i]);
  };
  for (let i = 0; i < size; i++) {
    addKey(key[i]!, i);
    for (const a of aliases.get(i) ?? []) addKey(a, i);
  }
  const uniqueKeys = [...byKey.keys()].sort();
  const sortedKeys: string[] = [];
  const placeList: number[] = [];
  const altList: number[] = [];
  for (const k of uniqueKeys) {
    for (const i of byKey.get(k)!) {
      sortedKeys.push(k);
      placeList.push(i);
      altList.push(key[i] === k ? -1 : (aliases.get(i)?.indexOf(k) ?? -1));
    }
  }
  const sortedKeyPlace = Int32Array.from(placeList);
  const sortedKeyAlt = Int32Array.from(altList);

  yield;
  // Word postings (from the unique keys: each key's words once).
  const postings = new Map<string, number[]>();
  for (const k of uniqueKeys) {
    const places = byKey.get(k)!;
    const ws = k.includes(' ') ? k.split(' ') : [k];
    for (let wi = 0; wi < ws.length; wi++) {
      const w = ws[wi]!;
      if (!w || ws.indexOf(w) !== wi) continue;
      const list = postings.get(w);
      if (list) for (const i of places) list.push(i);
      else postings.set(w, places.slice());
    }
  }
  const words = [...postings.keys()].sort();
  const wordOffsets = new Int32Array(words.length + 1);
  let total = 0;
  for (let w = 0; w < words.length; w++) {
    wordOffsets[w] = total;
    total += postings.get(words[w]!)!.length;
  }
  wordOffsets[words.length] = total;
  const wordPostings = new Int32Array(total);
  for (let w = 0; w < words.length; w++) wordPostings.set(postings.get(words[w]!)!, wordOffsets[w]!);

  yield;
  // The label of each pincode point: the locality that names the area best (Koramangala, not Agara or a college).
  const byPin = new Map<number, number[]>();
  for (let i = cityCount; i < size; i++) {
    const list = byPin.get(pin[i]!);
    if (list) list.push(i);
    else byPin.set(pin[i]!, [i]);
  }
  for (const [p, list] of byPin) {
    let best = list[0]!;
    let bestScore = -Infinity;
    for (const i of list) {
      const k = key[i]!;
      const kSpace = `${k} `;
      let score = 0;
      for (const other of list) if (other !== i && key[other]!.startsWith(kSpace)) score += 2;
      if (INSTITUTIONAL.test(k)) score -= 3;
      else if (STREET_LIKE.test(k)) score -= 1;
      if (qualifiers.has(i)) score -= 0.5;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    pins.label[p] = best;
  }

  const buildMs = performance.now() - t0;
  return {
    size,
    kind,
    lat,
    lon,
    name,
    key,
    district,
    state,
    weight,
    pin,
    aliases,
    qualifiers,
    districts,
    states,
    sortedKeys,
    sortedKeyPlace,
    sortedKeyAlt,
    words,
    wordOffsets,
    wordPostings,
    pins,
    cityCount,
    majorCities: Int32Array.from(majorList),
    stats: {
      source,
      loadMs,
      buildMs,
      totalMs: loadMs + buildMs,
      heapDeltaBytes: 0,
      cities: cityCount,
      localities: localityCount,
      pincodes: pinN,
      words: words.length,
    },
  };
}
