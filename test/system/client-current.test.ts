// The committed frontend package in client/ is what client/operations and
// schema/schema.graphql make today: the generated code, the schema copy, and
// the compiled package (built again with tsc, a real process, which is why it
// runs with the system tests).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from '@graphql-codegen/cli';
import { buildSchema } from 'graphql';
import { clientCodegenConfig } from '../../client/codegen';
import { CACHE_POLICIES_FILE, CLIENT_SCHEMA_FILE, SCHEMA_FILE, cachePoliciesSource } from '../../scripts/client-cache-policies';

const ROOT = path.join(__dirname, '..', '..');
const run = promisify(execFile);

describe('the committed client is current', () => {
  /** Every file under dir, relative path → content. */
  async function filesOf(dir: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      out.set(path.relative(dir, full), await readFile(full, 'utf8'));
    }
    return out;
  }

  let tmp: string;
  beforeAll(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'client-check-')); });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  const STALE = 'stale: run `npm run client:generate` and commit client/src/generated, client/schema.graphql and client/dist';

  it('when client/operations and schema/schema.graphql are generated again, then client/src/generated is the same, file for file', async () => {
    const out = path.join(tmp, 'generated');
    await generate({ ...clientCodegenConfig(`${out}/`), cwd: ROOT, silent: true, errorsOnly: true }, true);
    const sdl = await readFile(path.join(ROOT, SCHEMA_FILE), 'utf8');
    await writeFile(path.join(out, path.basename(CACHE_POLICIES_FILE)), cachePoliciesSource(buildSchema(sdl)));
    const fresh = await filesOf(out);
    const committed = await filesOf(path.join(ROOT, 'client', 'src', 'generated'));
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [name, text] of fresh) {
      if (committed.get(name) !== text) throw new Error(`client/src/generated/${name} is ${STALE}`);
    }
    expect(fresh.get('graphql.ts')).toContain('export const FarcasterProfileCardDocument');
    expect(fresh.get('cache-policies.ts')).toContain('"ProfileSummary": ["FarcasterUser", "LensProfile"]');
  });

  it('when the package\'s schema copy is compared, then it is schema/schema.graphql byte for byte', async () => {
    const copy = await readFile(path.join(ROOT, CLIENT_SCHEMA_FILE), 'utf8');
    if (copy !== await readFile(path.join(ROOT, SCHEMA_FILE), 'utf8')) throw new Error(`${CLIENT_SCHEMA_FILE} is ${STALE}`);
  });

  it('when the package is compiled again (strict, DOM), then client/dist is the same and the example type-checks against it', async () => {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const out = path.join(tmp, 'dist');
    await run(process.execPath, [tsc, '-p', path.join(ROOT, 'client', 'tsconfig.build.json'), '--outDir', out]);
    const fresh = await filesOf(out);
    const committed = await filesOf(path.join(ROOT, 'client', 'dist'));
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [name, text] of fresh) {
      if (committed.get(name) !== text) throw new Error(`client/dist/${name} is ${STALE}`);
    }
    // The example imports the package by its name, as a frontend does: through package.json "exports" to dist/.
    await run(process.execPath, [tsc, '-p', path.join(ROOT, 'client', 'tsconfig.json')]);
  });
});
