// `npm start` builds only when dist/ is missing or an input of the build is
// newer than the last build: the script's decision, on a checkout laid out in
// a temporary directory (no real build runs here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decide, writeStamp } from '../../scripts/build-if-stale';

const LAYOUT = [
  'src/index.ts', 'src/http/app.ts', 'src/generated/prisma/client.ts', 'src/generated/graphql/graphql.ts',
  'prisma/schema.prisma', 'prisma/migrations/20240101000000_init/migration.sql',
  'codegen.ts', 'schema/schema.graphql', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json',
  'README.md', 'docs/api.md', 'test/integration/some.test.ts',
  'dist/src/index.js',
];

let root: string;
const at = (rel: string) => path.join(root, rel);
const HOUR = 3_600_000;
/** When the last build started, in these tests: an hour ago; every file is older unless touched. */
let builtAt: number;

/** Sets a path's times to `ms`, as an editor saving it then would. */
const touch = (rel: string, ms = builtAt + 60_000) => fs.utimesSync(at(rel), new Date(ms), new Date(ms));

function allPaths(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? [...allPaths(p), p] : [p];
  });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-stale-'));
  builtAt = Date.now() - HOUR;
  for (const rel of LAYOUT) {
    fs.mkdirSync(path.dirname(at(rel)), { recursive: true });
    fs.writeFileSync(at(rel), `// ${rel}\n`);
  }
  for (const p of [...allPaths(root), root]) fs.utimesSync(p, new Date(builtAt - HOUR), new Date(builtAt - HOUR));
});
afterEach(() => { fs.rmSync(root, { recursive: true, force: true }); });

describe('build-if-stale decision', () => {
  it('when dist/ is missing (a fresh clone), then it builds', () => {
    fs.rmSync(at('dist'), { recursive: true });
    expect(decide(root)).toEqual({ rebuild: true, reason: 'dist/ is missing' });
  });

  it('when dist/ exists but no build of this script finished (no stamp), then it builds', () => {
    expect(decide(root)).toMatchObject({ rebuild: true, reason: expect.stringMatching(/^no dist\/\.build-stamp/) });
  });

  it('when the compiled entry point is missing, then it builds even with a stamp', () => {
    writeStamp(root, builtAt);
    fs.rmSync(at('dist/src/index.js'));
    expect(decide(root)).toMatchObject({ rebuild: true, reason: expect.stringContaining('dist/src/index.js is missing') });
  });

  it('when no input changed since the stamped build, then it does not build', () => {
    writeStamp(root, builtAt);
    expect(decide(root)).toEqual({ rebuild: false, reason: `no input changed since the build of ${new Date(builtAt).toISOString()}` });
  });

  it.each([
    'src/http/app.ts', 'prisma/schema.prisma', 'prisma/migrations/20240101000000_init/migration.sql', 'codegen.ts',
    'schema/schema.graphql', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json',
  ])('when %s is touched after the build, then it builds and names it', (rel) => {
    writeStamp(root, builtAt);
    touch(rel);
    expect(decide(root)).toEqual({ rebuild: true, reason: `${rel} changed since the build of ${new Date(builtAt).toISOString()}` });
  });

  it('when a file is saved while the build runs, then the next start builds again', () => {
    // The stamp records when the build started, so a save during it is newer.
    writeStamp(root, builtAt);
    touch('src/index.ts', builtAt + 1);
    expect(decide(root).rebuild).toBe(true);
  });

  it('when a source file is deleted, then it builds (its directory changed)', () => {
    writeStamp(root, builtAt);
    fs.rmSync(at('src/http/app.ts'));
    expect(decide(root)).toMatchObject({ rebuild: true, reason: expect.stringMatching(/^src\/http changed/) });
  });

  it.each(['src/generated/prisma/client.ts', 'src/generated/graphql/graphql.ts', 'README.md', 'docs/api.md', 'test/integration/some.test.ts'])(
    'when only %s changed (written by the build, or not read by it), then it does not build',
    (rel) => {
      writeStamp(root, builtAt);
      touch(rel);
      expect(decide(root).rebuild).toBe(false);
    },
  );

  it('when the stamp is unreadable, then it builds', () => {
    fs.writeFileSync(at('dist/.build-stamp'), 'not json');
    expect(decide(root).rebuild).toBe(true);
  });
});
