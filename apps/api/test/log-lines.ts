import { Writable } from 'node:stream';

export type LogLine = Record<string, unknown> & { msg?: string };
export type LogLines = { stream: Writable; lines: LogLine[]; text(): string };

/** A stream for pino that keeps each JSON line it is given, to read what a server logged. */
export function logLines(): LogLines {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { stream, lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}
