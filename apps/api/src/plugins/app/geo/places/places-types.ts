/** What a place of the index is (its `kind`). */
export const PLACE_KIND_CITY = 0;
export const PLACE_KIND_LOCALITY = 1;

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
