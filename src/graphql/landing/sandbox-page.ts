// The page a browser gets on GET /graphql: Apollo Sandbox, loaded from Apollo's
// CDN as Apollo's own landing page does, with two changes. The `apikey` of the
// page's URL (?apikey=…) becomes a shared header of every operation, and when
// the Sandbox script cannot load (offline: an error, or no answer in time) the
// page moves to the offline GraphiQL explorer, which the service serves itself,
// carrying the key along.
//
// The key is read by the page's script from its own URL, never written into the
// HTML by the server: the page is the same for every request but its nonce.
import type { ApolloServerPlugin } from '@apollo/server';
import { DEFAULT_EMBEDDED_SANDBOX_VERSION } from '@apollo/server/plugin/landingPage/default';
import { EXAMPLE_QUERY, newNonce, scriptJson } from './inline-html';

/** Where the offline explorer lives (served by the HTTP layer). */
export const OFFLINE_EXPLORER_PATH = '/graphiql';

export const SANDBOX_SCRIPT_URL =
  `https://embeddable-sandbox.cdn.apollographql.com/${DEFAULT_EMBEDDED_SANDBOX_VERSION}/embeddable-sandbox.umd.production.min.js`;
const SANDBOX_FRAME_ORIGIN = 'https://sandbox.embed.apollographql.com';

/** A script that has not loaded by then is taken as unreachable: a CDN answers in well under a second. */
export const SANDBOX_LOAD_TIMEOUT_MS = 4000;

export interface SandboxPageOptions {
  offlineExplorerPath?: string;
  loadTimeoutMs?: number;
}

/** The page's settings, read by its script: the same on every request. */
function pageConfig(o: Required<SandboxPageOptions>) {
  return {
    sandboxScript: SANDBOX_SCRIPT_URL,
    offlineExplorerPath: o.offlineExplorerPath,
    loadTimeoutMs: o.loadTimeoutMs,
    keyPlaceholder: '<your API key>',
    // EmbeddedSandbox's options (see Apollo's getEmbeddedSandboxHTML); initialEndpoint and the key are added by the script.
    sandbox: {
      target: '#embeddableSandbox',
      initialState: { document: EXAMPLE_QUERY, includeCookies: false, pollForSchemaUpdates: false },
      hideCookieToggle: false,
      endpointIsEditable: false,
      runTelemetry: false,
      allowDynamicStyles: false,
    },
  };
}

// Runs in the browser. ES5 on purpose: it must run wherever the page opens,
// also where the Sandbox cannot, to send the visitor on.
const BOOT_SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('sandbox-config').textContent);
  var key = (new URLSearchParams(window.location.search).get('apikey') || '').trim();
  var explorer = config.offlineExplorerPath + '?from=sandbox' + (key ? '&apikey=' + encodeURIComponent(key) : '');
  document.getElementById('offline-explorer-link').setAttribute('href', explorer);
  var settled = false;
  var timer;
  function fallBack(reason) {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    document.getElementById('sandbox-status').textContent = 'Apollo Sandbox cannot be loaded (' + reason + '); opening the offline explorer.';
    window.location.replace(explorer);
  }
  function start() {
    if (settled) return;
    if (typeof window.EmbeddedSandbox !== 'function') return fallBack('the script did not define EmbeddedSandbox');
    settled = true;
    clearTimeout(timer);
    var sandbox = config.sandbox;
    var initialState = {};
    for (var k in sandbox.initialState) initialState[k] = sandbox.initialState[k];
    initialState.sharedHeaders = { apikey: key || config.keyPlaceholder };
    var options = {};
    for (var o in sandbox) options[o] = sandbox[o];
    options.initialState = initialState;
    // The endpoint without the page's query string: the key travels as a header, not in the URL.
    options.initialEndpoint = window.location.origin + window.location.pathname;
    new window.EmbeddedSandbox(options);
  }
  timer = setTimeout(function () { fallBack('no answer from its CDN within ' + config.loadTimeoutMs / 1000 + ' s'); }, config.loadTimeoutMs);
  var script = document.createElement('script');
  script.src = config.sandboxScript;
  script.onload = start;
  script.onerror = function () { fallBack('its CDN is unreachable'); };
  document.head.appendChild(script);
})();
`;

export function renderSandboxPage(options: SandboxPageOptions = {}, nonce = newNonce()): string {
  const o = { offlineExplorerPath: OFFLINE_EXPLORER_PATH, loadTimeoutMs: SANDBOX_LOAD_TIMEOUT_MS, ...options };
  // As Apollo's own page: its script and frame origins and this page's nonce, nothing else that runs or styles.
  const cdn = new URL(SANDBOX_SCRIPT_URL).origin;
  const csp = [`script-src 'nonce-${nonce}' ${cdn}`, `style-src 'nonce-${nonce}' ${cdn}`, `frame-src ${SANDBOX_FRAME_ORIGIN}`, "base-uri 'none'"].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta http-equiv="Content-Security-Policy" content="${csp}" />
  <meta name="viewport" content="width=device-width,initial-scale=1" />
  <link rel="icon" href="data:," />
  <title>Apollo Sandbox · social-graph analytics</title>
  <style nonce="${nonce}">
    body { margin: 0; overflow: hidden; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
    .fallback { padding: 1em 2em; }
    #embeddableSandbox { width: 100vw; height: 100vh; position: absolute; top: 0; }
    iframe { background-color: white; height: 100%; width: 100%; border: none; }
  </style>
  <script type="application/json" id="sandbox-config">${scriptJson(pageConfig(o))}</script>
</head>
<body>
  <div class="fallback">
    <h1>Apollo Sandbox</h1>
    <p id="sandbox-status">Loading Apollo Sandbox from Apollo's CDN…</p>
    <p>Offline, or the Sandbox does not open? <a id="offline-explorer-link" href="${o.offlineExplorerPath}">Open the offline explorer (GraphiQL)</a>.</p>
  </div>
  <div id="embeddableSandbox"></div>
  <script nonce="${nonce}">${BOOT_SCRIPT}</script>
</body>
</html>
`;
}

/** Apollo's landing-page hook: Apollo serves this to a GET whose Accept prefers text/html. */
export function sandboxLandingPage(options: SandboxPageOptions = {}): ApolloServerPlugin {
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html: async () => renderSandboxPage(options) };
        },
      };
    },
  };
}
