import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type ServerTemplate, startCloudApi } from './cloud-api-test-server';

const SELF = path.join(import.meta.dirname, 'cloud-api-server-process.ts');

type Options = {
  appSecret: string;
  accessToken: string;
  wabaId: string;
  phoneNumberId: string;
  templates: ServerTemplate[];
  /** Where the signed webhook posts go (the app's /api/whatsapp/webhook). */
  webhookUrl: string;
  /** One line per message received (its number), for counting what arrived and what arrived twice. */
  journal: string;
};

/**
 * The Cloud-API test server in a process of its own, as Meta is for the app: what it keeps and its
 * work stay out of the app's memory and CPU, which bench:whatsapp measures. It posts its statuses to
 * the app's webhook over HTTP. Resolves with the server's URL once it listens.
 */
export async function startCloudApiProcess(options: Options): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: { ...process.env, CLOUD_API_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      const m = /listening (\S+)/.exec(d.toString());
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`Cloud API server exited (${code})`)));
  });
  return { child, url };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const options = JSON.parse(process.env.CLOUD_API_OPTIONS ?? '{}') as Options;
  const journal = fs.createWriteStream(options.journal, { flags: 'a' });
  const cloud = await startCloudApi({
    ...options,
    deliver: async (post) => {
      // Meta sends a post again when it is not answered 200; the app's answer is awaited like Meta's.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const res = await fetch(options.webhookUrl, { method: 'POST', headers: post.headers, body: post.body }).catch(() => null);
        if (res?.ok) return;
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
    },
  });
  const sent = cloud.received;
  let written = 0;
  // The journal is written from the list the server keeps, once a second: the hot path stays the server's own.
  setInterval(() => {
    for (; written < sent.length; written += 1) journal.write(`${sent[written]!.to}\n`);
    // The bodies are not needed after they are written; dropping them keeps this process's memory small.
    sent.length = 0;
    cloud.posts.length = 0;
    written = 0;
  }, 1_000);
  process.stdout.write(`listening ${cloud.url}\n`);
}
