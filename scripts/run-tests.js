#!/usr/bin/env node
// `npm test`: jest twice at once, over two sets of files that differ in one
// Node flag. A test file that loads an ES module (the Parquet reader, Apollo
// Client, an ESM-only validator) needs --experimental-vm-modules, and under that
// flag every file's modules stay reachable from its worker, whose heap then
// grows file after file. So only those files (ESM_TEST_FILES in
// jest.config.js) run under the flag, in a run of their own on one worker; the
// rest run without it on the others. Arguments go to both runs (a path that
// names a file of one set finds nothing in the other, which passes). The
// second run's output is held and printed after the first's, so the two do
// not interleave; the exit code is the plain run's, else the ES module run's.
const { spawn } = require('node:child_process');
const path = require('node:path');

const jest = path.join(path.dirname(require.resolve('jest/package.json')), 'bin', 'jest.js');
const args = process.argv.slice(2);

/** The ES module run's arguments: one worker unless told otherwise, and its own JSON report file. */
const esmArgs = () => [
  ...(args.some((a) => /^(-w|--maxWorkers|-i|--runInBand)/.test(a)) ? [] : ['--maxWorkers=1']),
  ...args.map((a) => a.replace(/^(--outputFile=.*?)(\.json)?$/, (_, file, ext) => `${file}.esm${ext ?? ''}`)),
];

function run(esm, buffered) {
  return new Promise((resolve) => {
    const flags = ['--expose-gc', ...(esm ? ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning'] : [])];
    const jestArgs = ['--passWithNoTests', ...(esm ? esmArgs() : args)];
    const child = spawn(process.execPath, [...flags, jest, ...jestArgs], {
      env: { ...process.env, TEST_ESM: esm ? 'only' : 'none' },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const out = [];
    if (buffered) { child.stdout.on('data', (d) => out.push(d)); child.stderr.on('data', (d) => out.push(d)); }
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(out).toString() }));
  });
}

async function main() {
  // The ES module files are few: one worker keeps them beside the main run without crowding it.
  const [plain, esm] = await Promise.all([run(false, false), run(true, true)]);
  if (!/No tests found/.test(esm.output)) {
    process.stderr.write('\n== the test files that load ES modules (run with --experimental-vm-modules)\n');
    process.stderr.write(esm.output);
  }
  process.exit(plain.code || esm.code);
}

main().catch((err) => { console.error(err); process.exit(1); });
