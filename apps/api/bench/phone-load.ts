/**
 * The load generator of bench:feed: `connections` phones, each on its own keep-alive connection with
 * its own visitor id, asking for one URL until `amount` answers have come back.
 *
 * autocannon rather than node:http or fetch: on one 2-core machine the client's CPU is taken from
 * the API and PostgreSQL it measures. Per request, node:http cost ~300 µs of CPU, undici ~200 µs,
 * autocannon ~110 µs (its requests are prebuilt buffers on raw sockets), against ~400 µs for the
 * API itself (ADR 007). Latencies come from its per-response event, in fractional milliseconds:
 * its own histogram rounds to whole milliseconds, too coarse for a 3 ms p50.
 */
import autocannon from 'autocannon';

/** Each answer's latency (ms), and the seconds from the first request sent to the last answer. */
export type LoadResult = { times: number[]; seconds: number };

export function phoneLoad(options: {
  url: string;
  amount: number;
  headers: Record<string, string>;
  visitorHeader: string;
  visitorIds: string[];
}): Promise<LoadResult> {
  const times: number[] = [];
  let phones = 0;
  // autocannon notices it is done on its once-a-second tick: its own duration would count the wait.
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.visitorIds.length,
        amount: options.amount,
        headers: options.headers,
        setupClient: (client) => {
          const visitorId = options.visitorIds[phones++ % options.visitorIds.length]!;
          client.setHeaders({ ...options.headers, [options.visitorHeader]: visitorId });
        },
      },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
          return reject(new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`));
        }
        resolve({ times, seconds: (last - first) / 1000 });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      const now = performance.now();
      times.push(responseTime);
      first = Math.min(first, now - responseTime);
      last = now;
    });
  });
}
