// The folders of src/ are layers: an import may only point to a lower one, so
// a rule has one room and nothing below a layer can reach back up into it.
// Read from the source text, as the compiler resolves relative imports.
//
// Two rooms have a rule of their own besides their rank:
// - src/domain holds rules and types as data and JavaScript: no SQL. What reads
//   or writes a table is composed in repositories/, queries/ or analytics/ from
//   the domain's data (table names, an id kind's SQL type and order terms, which
//   sit beside the JavaScript comparison they must agree with). Checked: no
//   string of a domain file holds an SQL keyword, and no export is named as SQL.
// - src/repositories reads and writes rows in the statement or the transaction
//   its caller hands it. A job (statements made one unit in a transaction of
//   its own, the data versions moved, progress logged or timed) lives in the
//   room that runs it: analytics/ for refresh steps, importer/, sync/,
//   content/, jobs/. A repository may hand its callers the lock every writer of
//   its table takes (collect-categories.sql.ts); the caller's transaction holds
//   it. Checked: no transaction opened, no data version moved, no logger,
//   metrics or job events imported.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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
  sync: 65, 'lens-sync': 65,
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

const parsed = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

function eachNode(file: string, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node) => { visit(node); ts.forEachChild(node, walk); };
  walk(parsed(file));
}

/** The text of every string and template piece of a file (comments are not strings). */
function stringsOf(file: string): string[] {
  const found: string[] = [];
  eachNode(file, (node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
  });
  return found;
}

/** The names a file exports from its own declarations. */
function exportedNames(file: string): string[] {
  const names: string[] = [];
  eachNode(file, (node) => {
    const exported = ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) return;
    if (ts.isVariableStatement(node)) node.declarationList.declarations.forEach((d) => names.push(d.name.getText()));
    else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.push(node.name.text);
  });
  return names;
}

/** The project writes SQL keywords in capitals; these begin or shape a statement over a table. */
const SQL_KEYWORDS = /\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|WHERE|UNION|EXISTS|LOCK TABLE|ON CONFLICT)\b/;
const SQL_NAME = /(Sql|_SQL)$/;
const inRoom = (room: string) => files.filter((f) => roomOf(f) === room);

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

  it('when a domain file holds a string, then it is no SQL, and no domain export is named as SQL', () => {
    const domain = inRoom('domain');
    expect(domain.length).toBeGreaterThan(5);
    const sql = domain.flatMap((f) => stringsOf(f).filter((t) => SQL_KEYWORDS.test(t)).map((t) => `${path.relative(SRC, f)}: ${t.trim().slice(0, 60)}`));
    const named = domain.flatMap((f) => exportedNames(f).filter((n) => SQL_NAME.test(n)).map((n) => `${path.relative(SRC, f)}: ${n}`));
    expect([...sql, ...named]).toEqual([]);
  });

  it('when a repository writes, then in the transaction its caller hands it: it opens none, moves no data version and reports no progress', () => {
    const repositories = inRoom('repositories');
    expect(repositories.length).toBeGreaterThan(10);
    const jobs = repositories.flatMap((f) => {
      const found: string[] = [];
      eachNode(f, (node) => {
        if (ts.isPropertyAccessExpression(node) && node.name.text === 'transaction' && ts.isCallExpression(node.parent)) found.push('opens a transaction');
        // Named anywhere but in its own declaration: run, or handed on to be run.
        if (ts.isIdentifier(node) && node.text === 'BUMP_DATA_VERSION_SQL' && !(ts.isVariableDeclaration(node.parent) && node.parent.name === node)) {
          found.push('moves the data versions');
        }
      });
      return found.map((what) => `${path.relative(SRC, f)} ${what}`);
    });
    const reporters = imports.filter((i) => i.room === 'repositories' && /(^|\/)(logging|metrics)\/|\/job-events$/.test(i.target)).map((i) => `${i.from} → ${i.target}`);
    expect([...jobs, ...reporters]).toEqual([]);
  });
});
