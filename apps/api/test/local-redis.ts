import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { installed, waitFor } from './scale-out/local-servers';

/** redis-server where Debian or a source build puts it; else the one on PATH, if any. */
export const REDIS_BIN = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(installed);

/** A port free now: bound, then released. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function pong(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * A redis-server of the test's own on 127.0.0.1 (never the shared one on 6379), without persistence:
 * `start` waits until it answers PING; `stop` kills it, and `start` again brings it back on the same
 * port; `freeze` stops it answering while its connections stay open, as on a hung host.
 */
export function localRedis(port: number) {
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        REDIS_BIN ?? 'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await waitFor(`redis-server on ${port}`, () => pong(port));
    },
    freeze(frozen: boolean) {
      child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
    },
    async stop() {
      if (!child) return;
      const running = child;
      child = undefined;
      running.kill('SIGCONT');
      running.kill('SIGKILL');
      await exited(running);
    },
  };
}
export type LocalRedis = ReturnType<typeof localRedis>;
