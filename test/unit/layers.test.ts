// The folders of src/ are layers: an import may only point to a lower one, so
// a rule has one room and nothing below a layer can reach back up into it.
// Read from the source text, as the compiler resolves relative imports.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '../../src');

/** Higher imports lower, never the other way; equal ranks are siblings that do not import each other. */
const RANK: Record<string, number> = {
  'index.ts': 100,
  http: 90,
  openapi: 87,
  rest: 85,
  graphql: 80,
  cli: 75, demo: 75,
  jobs: 70, metrics: 70,
  sync: 65,
  push: 62,
  queries: 60,
  cache: 55,
  loaders: 50,
  auth: 45,
  importer: 40, content: 40, analytics: 40,
  repositories: 30, datagen: 30,
  db: 20,
  config: 10, domain: 10,
  errors: 5, logging: 5, 'project-root.ts': 5,
  generated: 0,
};

/** The read side below the resolvers knows nothing of HTTP or of the GraphQL schema classes. */
const NO_FRAMEWORK = ['queries', 'loaders', 'repositories', 'domain'];
const FRAMEWORKS = /^(express|type-graphql|class-validator|@apollo\/server|graphql)(\/|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const roomOf = (file: string) => path.relative(SRC, file).split(path.sep)[0];

interface Import { from: string; room: string; target: string; typeOnly: boolean }

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gms)) {
    found.push({ from: path.relative(SRC, file), room: roomOf(file), target: m[3], typeOnly: Boolean(m[2]) });
  }
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
    found.push({ from: path.relative(SRC, file), room: roomOf(file), target: m[1], typeOnly: false });
  }
  return found;
}

const files = sourceFiles(SRC);
const imports = files.flatMap(importsOf);

describe('layers of src/', () => {
  it('when the source is read, then every folder has a rank (a new folder must be placed)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...new Set(files.map(roomOf))].filter((room) => !(room in RANK))).toEqual([]);
  });

  it('when a file imports from another folder, then that folder is lower', () => {
    const upward = imports.flatMap((i) => {
      if (!i.target.startsWith('.')) return [];
      const room = roomOf(path.resolve(SRC, path.dirname(i.from), i.target));
      return room !== i.room && RANK[room] >= RANK[i.room] ? [`${i.from} → ${i.target}`] : [];
    });
    expect(upward).toEqual([]);
  });

  it('when the read side below the resolvers imports a package, then it is no web or GraphQL framework', () => {
    const leaks = imports.filter((i) => NO_FRAMEWORK.includes(i.room) && FRAMEWORKS.test(i.target)).map((i) => `${i.from} → ${i.target}`);
    expect(leaks).toEqual([]);
  });

  it('when resolvers read data, then through a query or a loader: a repository only lends them row types', () => {
    const direct = imports.filter((i) => i.from.startsWith('graphql/') && !i.typeOnly && /\/repositories\//.test(i.target)).map((i) => `${i.from} → ${i.target}`);
    expect(direct).toEqual([]);
  });
});
