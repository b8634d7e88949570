// The server holds in memory every module it has loaded: what its entry point
// imports must not bring the hub client (the sync, only with HUB_URL), its
// chain libraries or the data generator's faker. Together they were most of
// the modules a server loaded at start, and the difference between an RSS
// over and under the memory goals (docs/performance.md#embedded-memory).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/** The modules src/index.ts imports for their values (type-only imports load nothing). */
function entryImports(): string[] {
  const text = readFileSync(path.join(ROOT, 'src', 'index.ts'), 'utf8');
  return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)].map((m) => `./src/${m[1].slice(2)}`);
}

describe('modules loaded at start', () => {
  it('when everything the entry point imports is loaded, then no hub client, chain library or faker is among the modules', () => {
    const imports = entryImports();
    expect(imports).toEqual(expect.arrayContaining(['./src/http/app', './src/cli/admin-server', './src/demo/demo-data']));
    const script = `
      require('reflect-metadata');
      for (const m of ${JSON.stringify(imports)}) require(m);
      const loaded = Object.keys(require.cache);
      const heavy = loaded.filter((f) => /node_modules\\/(@farcaster\\/hub-nodejs|@farcaster\\/core|@grpc\\/grpc-js|viem|@faker-js\\/faker)\\//.test(f));
      process.stdout.write(JSON.stringify({ modules: loaded.length, heavy: [...new Set(heavy.map((f) => f.split('node_modules/').pop().split('/').slice(0, 2).join('/')))] }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }));
    expect(out.heavy).toEqual([]);
    // The app itself, Apollo, type-graphql, Prisma and PGlite: well under the 5,300 of before.
    expect(out.modules).toBeLessThan(2_500);
  }, 90_000);
});
