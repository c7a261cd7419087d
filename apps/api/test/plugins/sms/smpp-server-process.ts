import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const SERVER = path.join(import.meta.dirname, 'smpp-test-server.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The SMPP test server as a process of its own (node itself, no wrapper process): the crash test kills
 * it with -9, and bench:sms keeps its work and memory out of the app's process. It appends every
 * message it receives to `journal` (one JSON line each) before answering.
 */
export async function startSmppServerProcess(port: number, journal: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, SMPP_PORT: String(port), SMPP_JOURNAL: journal },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`SMPP server exited (${code})`)));
  });
  return child;
}

/**
 * What the server process received, from its journal: its whole lines only. Read while the server
 * writes, the file can end in a line half written (seen once under a loaded machine).
 */
export function journalLines(journal: string): { to: string; idempotencyKey: string }[] {
  if (!fs.existsSync(journal)) return [];
  const text = fs.readFileSync(journal, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; idempotencyKey: string });
}
