// PGlite's CommonJS build loads Node's own modules with import(), which a jest
// sandbox allows only under --experimental-vm-modules (and there every test
// file's modules stay reachable from the worker). These are Node's built-in
// modules, the same object whichever way they load, so the build is given
// require() instead: the test files that load no ES module run without the flag.
const { createHash } = require('node:crypto');

const DYNAMIC_IMPORT = /\bimport\((["'])((?:node:)?[a-z_/]+)\1\)/g;

module.exports = {
  process(source) {
    return { code: `var __nodeRequire = require;${source.replace(DYNAMIC_IMPORT, (_, q, name) => `Promise.resolve(__nodeRequire(${q}${name}${q}))`)}` };
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update('pglite-require-transform 1\0').update(filename).update('\0').update(source).digest('hex');
  },
};
