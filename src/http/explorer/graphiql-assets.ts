// The files the offline explorer loads, served from the installed npm packages
// (GraphiQL 3's UMD bundle runs on React 18's UMD builds with no build step).
// Only these names are served: nothing else of node_modules is reachable.
import path from 'node:path';

export interface ExplorerAsset { file: string; contentType: string }

const JS = 'text/javascript; charset=utf-8';

/** A file inside an installed package; `<pkg>/package.json` resolves even where the package's exports hide the file. */
const inPackage = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

/** Asset name (the last path segment under /graphiql/assets/) → file and type. */
export function explorerAssets(): ReadonlyMap<string, ExplorerAsset> {
  return new Map<string, ExplorerAsset>([
    ['react.production.min.js', { file: inPackage('react', 'umd/react.production.min.js'), contentType: JS }],
    ['react-dom.production.min.js', { file: inPackage('react-dom', 'umd/react-dom.production.min.js'), contentType: JS }],
    ['graphiql.min.js', { file: inPackage('graphiql', 'graphiql.min.js'), contentType: JS }],
    // The bundle names its source map by the name it had in the package's dist/.
    ['index.umd.js.map', { file: inPackage('graphiql', 'dist/index.umd.js.map'), contentType: 'application/json; charset=utf-8' }],
    ['graphiql.min.css', { file: inPackage('graphiql', 'graphiql.min.css'), contentType: 'text/css; charset=utf-8' }],
  ]);
}

/** The scripts in the order the page loads them (GraphiQL needs window.React and window.ReactDOM). */
export const EXPLORER_SCRIPTS = ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js'] as const;
export const EXPLORER_STYLES = ['graphiql.min.css'] as const;
