// PGlite's contrib extensions are exported as `@electric-sql/pglite/contrib/<name>`
// (package exports), which this project's `node` module resolution does not
// read; Node's require does. The one the store loads, typed as PGlite types it.
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  import type { Extension } from '@electric-sql/pglite';

  export const pg_trgm: Extension;
}
