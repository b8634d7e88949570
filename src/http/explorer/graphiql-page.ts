// The offline explorer's page: GraphiQL from the service's own assets (no
// CDN), a small form for the API key, and a fetcher that sends the key as the
// `apikey` header on every request (the schema's introspection included).
import { EXAMPLE_QUERY, scriptJson } from '../../graphql/landing/inline-html';
import { EXPLORER_SCRIPTS, EXPLORER_STYLES } from './graphiql-assets';

export interface GraphiqlPageOptions {
  /** Where the page's own assets are served. */
  assetsPath: string;
  /** The GraphQL endpoint the fetcher posts to. */
  endpoint: string;
}

/** Same-origin only: the page works with no network beyond the service, and nothing else may run in it. */
export const graphiqlPageCsp = (nonce: string) => [
  "default-src 'self'",
  `script-src 'self' 'nonce-${nonce}'`,
  // React and CodeMirror set style attributes and GraphiQL's tooltips add <style>.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** What the page's script reads: the endpoint, where the key is kept, the opening query. */
export const explorerConfig = (o: GraphiqlPageOptions) => ({
  endpoint: o.endpoint,
  storageKey: 'social-graph-analytics.apikey',
  defaultQuery: EXAMPLE_QUERY,
});

// Runs in the browser after React, ReactDOM and GraphiQL (their UMD globals).
const BOOT_SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('explorer-config').textContent);
  var mount = document.getElementById('graphiql');
  if (!window.React || !window.ReactDOM || !window.GraphiQL) {
    mount.textContent = 'GraphiQL could not load its scripts from this server.';
    return;
  }
  var store = null;
  try { store = window.sessionStorage; } catch (e) { /* storage disabled: the key lives in the page only */ }
  var params = new URLSearchParams(window.location.search);
  var key = (params.get('apikey') || (store && store.getItem(config.storageKey)) || '').trim();
  if (params.get('from') === 'sandbox') document.getElementById('sandbox-notice').hidden = false;
  // The key leaves the address bar (history, bookmarks, screenshots); this tab keeps it in sessionStorage.
  if (params.has('apikey')) {
    params.delete('apikey');
    var rest = params.toString();
    window.history.replaceState(null, '', window.location.pathname + (rest ? '?' + rest : '') + window.location.hash);
  }
  var input = document.getElementById('apikey');
  var status = document.getElementById('key-status');
  input.value = key;
  function remember() {
    if (!store) return;
    try { if (key) store.setItem(config.storageKey, key); else store.removeItem(config.storageKey); } catch (e) { /* full or disabled */ }
  }
  // Every request, introspection included, carries the key; a header typed in GraphiQL's Headers tab wins.
  function fetcher(graphQLParams, opts) {
    var headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };
    if (key) headers.apikey = key;
    var edited = (opts && opts.headers) || {};
    for (var name in edited) headers[name.toLowerCase()] = String(edited[name]);
    return fetch(config.endpoint, { method: 'POST', headers: headers, body: JSON.stringify(graphQLParams) }).then(function (res) {
      return res.text().then(function (text) {
        try { return JSON.parse(text); } catch (e) { return { errors: [{ message: 'HTTP ' + res.status + ': ' + text.slice(0, 300) }] }; }
      });
    });
  }
  var root = window.ReactDOM.createRoot(mount);
  var generation = 0;
  function render() {
    status.textContent = key ? 'sent as the apikey header on every request' : 'no key yet: enter one to load the schema and run queries';
    status.className = key ? 'ok' : 'missing';
    // A new React key remounts GraphiQL, so the schema is introspected again with the new API key.
    root.render(window.React.createElement(window.GraphiQL, {
      key: 'key-' + generation,
      fetcher: fetcher,
      defaultQuery: config.defaultQuery,
      shouldPersistHeaders: false,
    }));
  }
  document.getElementById('key-form').addEventListener('submit', function (event) {
    event.preventDefault();
    key = input.value.trim();
    remember();
    generation += 1;
    render();
  });
  remember();
  render();
})();
`;

export function renderGraphiqlPage(o: GraphiqlPageOptions, nonce: string): string {
  const styles = EXPLORER_STYLES.map((name) => `  <link rel="stylesheet" href="${o.assetsPath}/${name}" />`).join('\n');
  const scripts = EXPLORER_SCRIPTS.map((name) => `  <script src="${o.assetsPath}/${name}"></script>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width,initial-scale=1" />
  <link rel="icon" href="data:," />
  <title>GraphiQL · social-graph analytics</title>
${styles}
  <style nonce="${nonce}">
    html, body { height: 100%; margin: 0; }
    body { display: flex; flex-direction: column; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 14px; }
    .key-bar { display: flex; align-items: center; gap: 0.6em; padding: 0.5em 1em; border-bottom: 1px solid #d9dce3; background: #f6f7f9; flex-wrap: wrap; }
    .key-bar strong { margin-right: 1em; }
    .key-bar input { font: inherit; padding: 0.25em 0.5em; width: 24em; border: 1px solid #b9bec9; border-radius: 4px; }
    .key-bar button { font: inherit; padding: 0.25em 0.9em; border: 1px solid #b9bec9; border-radius: 4px; background: #fff; cursor: pointer; }
    #key-status.ok { color: #1d7a3a; }
    #key-status.missing { color: #a6470c; }
    #sandbox-notice { margin: 0; padding: 0.4em 1em; background: #fff6dc; border-bottom: 1px solid #ecd9a0; }
    #graphiql { flex: 1; min-height: 0; }
  </style>
  <script type="application/json" id="explorer-config">${scriptJson(explorerConfig(o))}</script>
</head>
<body>
  <form id="key-form" class="key-bar" autocomplete="off">
    <strong>Social-graph analytics · GraphiQL</strong>
    <label for="apikey">API key</label>
    <input id="apikey" name="apikey" type="password" spellcheck="false" placeholder="sga_…" />
    <button type="submit">Use key</button>
    <span id="key-status" role="status"></span>
  </form>
  <p id="sandbox-notice" hidden>Apollo Sandbox could not load from Apollo's CDN (offline?): this is the explorer the service serves itself.</p>
  <div id="graphiql">Loading GraphiQL…</div>
${scripts}
  <script nonce="${nonce}">${BOOT_SCRIPT}</script>
</body>
</html>
`;
}
