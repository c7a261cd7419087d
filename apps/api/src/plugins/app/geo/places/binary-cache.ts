import fs from 'node:fs';
import path from 'node:path';
import { cellOf, gridKey } from './pincode-grid';
import type { PlacesIndex } from './places-types';
import { CACHE_FORMAT } from './source-versions';

/*
 * The binary cache: a JSON header (strings, small tables, section table) followed by typed arrays.
 * Layout: u32 magic, u32 header length, header (UTF-8), padding to 8, sections (each 8-aligned).
 */

const CACHE_FILE = `places-index-v${CACHE_FORMAT}.bin`;
/** The bytes A P L X, little-endian. */
const CACHE_MAGIC = 0x58_4c_50_41;

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

export function readCache(cacheDir: string, versions: string): PlacesIndex | null {
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

export function writeCache(cacheDir: string, index: PlacesIndex, versions: string): void {
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
