// The HTML the service serves itself: the OpenAPI explorer (Swagger UI from
// the swagger-ui-dist package, so it works offline) and the home page linking
// every explorer. Every asset is a path of this origin.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the explorer's files are served; the page and its init script refer to nothing else. */
export const DOCS_PATH = '/docs';
export const OPENAPI_PATH = '/openapi.json';

export function docsPage(title: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} — REST API</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;
}

/**
 * Swagger UI's settings. No validator badge (it would call validator.swagger.io),
 * the key kept across reloads, "Try it out" open: requests go to this origin
 * (the document's server is `/`) with the key put in through Authorize.
 */
export const DOCS_INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    persistAuthorization: true,
    tryItOutEnabled: true,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: -1,
    validatorUrl: null
  });
});
`;

export interface Link { href: string; title: string; about: string }

/** The explorers and indexes, for the home page in both its forms. */
export const HOME_LINKS: Record<string, Link> = {
  graphql: { href: '/graphql', title: 'GraphQL — Apollo Sandbox', about: 'POST /graphql for operations; opened in a browser, Apollo Sandbox (loaded from Apollo\'s CDN). Open /graphql?apikey=<key> and the key is sent with every operation; offline it falls back to /graphiql.' },
  graphiql: { href: '/graphiql', title: 'GraphQL — GraphiQL', about: 'The same endpoint in GraphiQL, served by this service (works offline).' },
  docs: { href: DOCS_PATH, title: 'REST — OpenAPI explorer', about: 'Every REST route with its parameters, answer schema and example; Authorize with your key, then Try it out.' },
  openapi: { href: OPENAPI_PATH, title: 'OpenAPI 3.1 document', about: 'The REST face as OpenAPI 3.1 JSON, generated from the route table and the GraphQL schema.' },
  restIndex: { href: '/api/docs', title: 'REST route index (JSON)', about: 'Every REST path with the GraphQL operation behind it and an example call.' },
};

export function homePage(title: string, version: string): string {
  const items = Object.values(HOME_LINKS)
    .map((l) => `    <li><a href="${escapeHtml(l.href)}">${escapeHtml(l.title)}</a> <code>${escapeHtml(l.href)}</code><br>${escapeHtml(l.about)}</li>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}li{margin:.8rem 0}code{background:#f3f3f3;padding:0 .25rem}</style>
</head>
<body>
  <h1>${escapeHtml(title)}</h1>
  <p>Version ${escapeHtml(version)}. Every API call needs a key in the <code>apikey</code> header.</p>
  <ul>
${items}
  </ul>
</body>
</html>
`;
}
