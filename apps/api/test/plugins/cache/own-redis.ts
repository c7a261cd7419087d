import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** A Redis server of the test's own on 127.0.0.1 (never the shared one), which the test may stop and start again. */
export type OwnRedis = { url: string; start(): Promise<void>; stop(): Promise<void> };

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A port free now: bound, then released. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `redis-server` on `port`, without persistence; started by `start()`. */
export function ownRedis(port: number): OwnRedis {
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const until = Date.now() + 10_000;
      while (!(await answers(port))) {
        if (Date.now() > until) throw new Error(`redis-server did not start on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
}
