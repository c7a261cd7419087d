import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Servers a scale-out test starts for itself on 127.0.0.1 and may stop: nginx, a PostgreSQL primary
 * with a streaming replica (a Redis: ../local-redis.ts). Never the shared ones (6379, 5432): their ports come from the test.
 */

const PG_BIN = '/usr/lib/postgresql/15/bin';
export const NGINX_BIN = '/usr/sbin/nginx';

/** Whether an executable is installed (the test says why it skips otherwise). */
export function installed(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Polls `ready` until it answers true, at most `timeoutMs`. */
export async function waitFor(what: string, ready: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve(ready()).catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * nginx in front of `upstreams` (ports on 127.0.0.1) as the README configures it, listening on
 * `listen` (host:port entries), with its conf, pid, logs and temp files in a temp folder.
 */
export async function localNginx(listen: string[], upstreams: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-nginx-'));
  // The workers may run as an unprivileged user: they write their temp files here.
  fs.chmodSync(dir, 0o777);
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
${upstreams.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 16;
  }
  server {
${listen.map((address) => `    listen ${address};`).join('\n')}
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const first = listen[0] ?? '';
  const url = `http://${first.includes(':') ? first : `127.0.0.1:${first}`}`;
  await waitFor('nginx', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${readLog(path.join(dir, 'error.log'))}`);
    return (await fetch(`${url}/api/health/ready`)).status < 500;
  });
  return {
    url,
    /** The master's process id (its workers are its children). */
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * A PostgreSQL 15 primary on `port` and a streaming replica of it (`pg_basebackup -R`) on `port + 1`,
 * in a temp folder, run as the postgres OS user when the test runs as root. `stop` removes both.
 */
export async function localPrimaryAndReplica(port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-replica-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(dir, uid, gid);
  }
  const run = (bin: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]]
      : [path.join(PG_BIN, bin), args];
    try {
      execFileSync(file, argv, { stdio: 'pipe', cwd: dir });
    } catch (err) {
      const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`${bin} failed: ${stderr}`, { cause: err });
    }
  };
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const options = (p: number) => `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const started: string[] = [];
  const stop = async () => {
    for (const data of started.reverse()) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped: nothing to do.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    fs.appendFileSync(path.join(primary, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    run('pg_ctl', ['-D', primary, '-o', options(port), '-l', path.join(dir, 'primary.log'), '-w', 'start']);
    started.push(primary);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-D', replica, '-R', '-c', 'fast']);
    run('pg_ctl', ['-D', replica, '-o', options(port + 1), '-l', path.join(dir, 'replica.log'), '-w', 'start']);
    started.push(replica);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${port + 1}/postgres`,
    /** Stops the replica alone (fast shutdown: its connections are closed). */
    stopReplica: () => run('pg_ctl', ['-D', replica, '-m', 'fast', '-w', 'stop']),
    stop,
  };
}
