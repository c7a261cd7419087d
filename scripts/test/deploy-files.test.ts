import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/**
 * What can be checked of the deployment files on a machine without Docker or a cluster (the image
 * itself is built and smoke-tested by .github/workflows/container.yml): they parse, they name the
 * entry points, health paths and settings the server has, and nginx accepts its configuration.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The variables .env.example documents: every setting a deployment file passes must be one of them. */
const documented = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  volumes?: string[];
};

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;

  it('runs two API replicas behind nginx, with PostgreSQL, Redis, MinIO and a one-shot migrate', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['api', 'nginx', 'postgres', 'redis', 'minio', 'migrate']));
    expect(services.api?.deploy?.replicas).toBe(2);
    expect(services.migrate?.command).toEqual(['node', 'apps/api/dist/migrate.js']);
    expect(services.migrate?.restart).toBe('no');
    expect(services.api?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(services.nginx?.volumes).toContain('./deploy/nginx/aaspaas.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('passes the API only settings the server documents, on PostgreSQL, Redis and S3', () => {
    const env = services.api?.environment ?? {};
    for (const name of Object.keys(env)) expect(documented, name).toContain(name);
    expect(env).toMatchObject({ NODE_ENV: 'production', MIGRATE_ON_START: 'false', REDIS_URL: 'redis://redis:6379' });
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/aaspaas:.+@postgres:5432\/aaspaas$/);
    expect(env.S3_ENDPOINT).toBe('http://minio:9000');
    expect(services.migrate?.environment).toEqual(env);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in one stage and runs production dependencies only in a second, as a user, node as the entry', () => {
    expect(stages.map((s) => s.split('\n')[0])).toEqual(['${NODE_IMAGE} AS build', '${NODE_IMAGE} AS runtime']);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-slim$/m);
    const [build = '', runtime = ''] = stages;
    expect(build).toMatch(/^RUN npm ci /m);
    expect(build).toMatch(/^RUN npm run build$/m);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev /m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^CMD \["node", "apps\/api\/dist\/server\.js"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [^]*\/api\/health\/ready/m);
    const instructions = runtime
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n');
    expect(instructions).not.toMatch(/curl|wget/);
  });

  it('copies every workspace manifest npm ci needs, in both stages', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const stage of stages) for (const ws of workspaces) expect(stage).toContain(`COPY ${ws}/package.json ${ws}/`);
  });
});

describe('Kubernetes manifests', () => {
  const dir = path.join(root, 'deploy/kubernetes');
  const docs = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseAllDocuments(readFileSync(path.join(dir, f), 'utf8')).map((d) => d.toJS() as Record<string, unknown>));
  const byKind = (kind: string) => docs.filter((d) => d.kind === kind);

  it('has the Deployment, the migrate Job, a Service, an HPA on CPU, a PodDisruptionBudget, ConfigMap and Secret', () => {
    for (const kind of ['Deployment', 'Job', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'ConfigMap', 'Secret'])
      expect(byKind(kind), kind).toHaveLength(1);
    const hpa = JSON.stringify(byKind('HorizontalPodAutoscaler')[0]);
    expect(hpa).toContain('"name":"cpu"');
  });

  it('probes readiness and liveness where the server answers them, and migrates with the migrate entry', () => {
    const deployment = JSON.stringify(byKind('Deployment')[0]);
    expect(deployment).toContain('"readinessProbe":{"httpGet":{"path":"/api/health/ready"');
    expect(deployment).toContain('"livenessProbe":{"httpGet":{"path":"/api/health/live"');
    expect(JSON.stringify(byKind('Job')[0])).toContain('"command":["node","apps/api/dist/migrate.js"]');
  });

  it('sets only documented variables', () => {
    const config = byKind('ConfigMap')[0] as { data: Record<string, string> };
    const secret = byKind('Secret')[0] as { stringData: Record<string, string> };
    for (const name of [...Object.keys(config.data), ...Object.keys(secret.stringData)]) expect(documented, name).toContain(name);
  });
});

describe('the container workflow', () => {
  it('builds the image and smoke-tests migrate, readiness, the feed and metrics', () => {
    const workflow = parse(read('.github/workflows/container.yml')) as {
      jobs: Record<string, { steps: Record<string, unknown>[] }>;
    };
    const steps = JSON.stringify(Object.values(workflow.jobs).flatMap((job) => job.steps));
    for (const expected of ['docker/build-push-action', 'apps/api/dist/migrate.js', '/api/health/ready', '/api/feed', '/metrics'])
      expect(steps).toContain(expected);
  });
});

describe('the systemd unit', () => {
  const unit = read('deploy/systemd/aaspaas.service');
  it('migrates, then runs node on the built server as an unprivileged user', () => {
    expect(unit).toMatch(/^ExecStartPre=\/usr\/bin\/node apps\/api\/dist\/migrate\.js$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node apps\/api\/dist\/server\.js$/m);
    expect(unit).toMatch(/^User=aaspaas$/m);
  });
});

describe('the nginx configuration', () => {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);
  const work = mkdtempSync(path.join(os.tmpdir(), 'aaspaas-nginx-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.skipIf(!nginx)('is accepted by nginx -t (the upstream host named as an address here)', () => {
    const site = read('deploy/nginx/aaspaas.conf').replace('server api:5000', 'server 127.0.0.1:6290');
    writeFileSync(path.join(work, 'site.conf'), site);
    writeFileSync(
      path.join(work, 'nginx.conf'),
      `pid ${work}/nginx.pid; error_log stderr;\nevents {}\nhttp { access_log off; include ${work}/site.conf; }\n`,
    );
    execFileSync(nginx!, ['-t', '-q', '-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'pipe' });
  });
});
