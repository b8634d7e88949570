#!/usr/bin/env node
// `npm start` runs this first (prestart): the whole build is most of a
// restart's time, so it runs only when dist/ is missing or an input of the
// build changed since the last build this script finished. Plain Node, no
// dependencies: it runs before anything is known to be built.
//
// The stamp holds the time the build started, not the time it ended: a file
// saved while the build ran may not be in dist/, so it counts as changed.
// Directories are inputs too: deleting or renaming a file changes its
// directory's time, not any remaining file's.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const STAMP = path.join('dist', '.build-stamp');
const ENTRY = path.join('dist', 'src', 'index.js');
/** Written by the build itself (`npm run generate`), so never a reason to build again. */
const OUTPUTS = [path.join('src', 'generated')];

/** What the build reads (the `generate` step too: codegen takes test/operations' documents). */
const INPUT_TREES = ['src', path.join('prisma', 'migrations')];
const INPUT_FILES = [path.join('prisma', 'schema.prisma'), 'codegen.ts', 'prisma.config.ts', 'package.json', 'package-lock.json'];
const INPUT_PATTERNS = [
  { dir: '.', match: /^tsconfig.*\.json$/ },
  { dir: 'schema', match: /\.graphql$/ },
  { dir: path.join('test', 'operations'), match: /\.graphql$/ },
];

function statOrNull(p) {
  try { return fs.statSync(p); } catch { return null; }
}

/** Every input path under `root` (relative), each directory of the trees included. */
function inputsOf(root) {
  const found = [];
  const walk = (rel) => {
    if (OUTPUTS.includes(rel)) return;
    found.push(rel);
    let entries;
    try { entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const child = path.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else found.push(child);
    }
  };
  for (const tree of INPUT_TREES) if (statOrNull(path.join(root, tree))) walk(tree);
  for (const file of INPUT_FILES) if (statOrNull(path.join(root, file))) found.push(file);
  for (const { dir, match } of INPUT_PATTERNS) {
    let names = [];
    try { names = fs.readdirSync(path.join(root, dir)); } catch { /* no such directory: nothing of it to build */ }
    for (const name of names) if (match.test(name)) found.push(path.join(dir, name));
  }
  return found;
}

/** The start time of the last build this script finished, or null when there is none. */
function readStamp(root) {
  try {
    const { startedAt } = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
    return Number.isFinite(startedAt) ? startedAt : null;
  } catch {
    return null;
  }
}

function writeStamp(root, startedAt) {
  fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify({ startedAt, startedAtIso: new Date(startedAt).toISOString() })}\n`);
}

/**
 * Whether the checkout at `root` needs a build, and why (one line for the log).
 * @returns {{ rebuild: boolean, reason: string }}
 */
function decide(root) {
  if (!statOrNull(path.join(root, 'dist'))) return { rebuild: true, reason: 'dist/ is missing' };
  if (!statOrNull(path.join(root, ENTRY))) return { rebuild: true, reason: `${ENTRY} is missing` };
  const startedAt = readStamp(root);
  if (startedAt === null) return { rebuild: true, reason: `no ${STAMP} (never built by this script, or its last build failed)` };
  let newest = null;
  for (const rel of inputsOf(root)) {
    const st = statOrNull(path.join(root, rel));
    if (st && st.mtimeMs > startedAt && (!newest || st.mtimeMs > newest.mtimeMs)) newest = { rel, mtimeMs: st.mtimeMs };
  }
  const built = new Date(startedAt).toISOString();
  if (newest) return { rebuild: true, reason: `${newest.rel} changed since the build of ${built}` };
  return { rebuild: false, reason: `no input changed since the build of ${built}` };
}

function main() {
  const root = path.join(__dirname, '..');
  const { rebuild, reason } = decide(root);
  if (!rebuild) {
    console.log(`build-if-stale: dist/ is current, not rebuilding (${reason})`);
    return;
  }
  console.log(`build-if-stale: rebuilding (${reason})`);
  const startedAt = Date.now();
  // A build that fails half-way must not leave the old stamp saying dist/ is current.
  fs.rmSync(path.join(root, STAMP), { force: true });
  const npm = process.env.npm_execpath;
  const res = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeStamp(root, startedAt);
}

module.exports = { decide, writeStamp, STAMP };

if (require.main === module) main();
