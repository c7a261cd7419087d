import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starts a bench server script of this folder (feed-server.ts, bare-feed-server.ts) in its own
 * process, so the load generator's work does not share its event loop, and waits for the
 * `{"address": …}` line it prints when ready.
 */
export async function startServerProcess(
  script: string,
  env: Record<string, string | undefined>,
): Promise<{ address: string; child: ChildProcess }> {
  // BENCH_NODE_ARGS: extra flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
  // where a request's CPU goes (NODE_OPTIONS does not take --cpu-prof).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(import.meta.dirname, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end >= 0) resolve((JSON.parse(buffered.slice(0, end)) as { address: string }).address);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { address, child };
}
