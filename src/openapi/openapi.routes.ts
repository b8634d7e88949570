// Open routes (no key) describing the API: GET /openapi.json, the explorer at
// /docs with its files from the swagger-ui-dist package, and GET / (a page for
// a browser, the same links as JSON for anyone else). A browser opening
// /api/docs is sent to the explorer; scripts keep that route's JSON.
import path from 'node:path';
import { Router, type Request } from 'express';
import type { GraphQLSchema } from 'graphql';
import { appSchema } from '../graphql/build-schema';
import type { RestRoute } from '../rest/rest-route.type';
import { buildOpenApi, packageInfo, type OpenApiDocument } from './build-openapi';
import { DOCS_INIT_SCRIPT, DOCS_PATH, docsPage, HOME_LINKS, homePage, OPENAPI_PATH } from './pages';

/** The files of swagger-ui-dist the page loads; nothing else of the package is served (its index.html points to a remote petstore). */
export const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;

const swaggerUiDir = () => path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** A browser navigating (it prefers HTML to JSON); curl and scripts send no such preference. */
export const wantsHtml = (req: Request) => req.accepts(['application/json', 'text/html']) === 'text/html';

const documents = new WeakMap<readonly RestRoute[], OpenApiDocument>();

/** Built on first use and kept: the route table and the schema do not change while the process runs. */
export function openApiDocument(routes: readonly RestRoute[], schema: () => GraphQLSchema = appSchema): OpenApiDocument {
  let doc = documents.get(routes);
  if (!doc) documents.set(routes, (doc = buildOpenApi(routes, schema())));
  return doc;
}

export function openApiRoutes(routes: readonly RestRoute[], schema: () => GraphQLSchema = appSchema): Router {
  const router = Router();
  const info = packageInfo();
  const dir = swaggerUiDir();

  router.get(OPENAPI_PATH, (_req, res) => { res.json(openApiDocument(routes, schema)); });
  router.get(DOCS_PATH, (_req, res) => { res.type('html').send(docsPage(info.title)); });
  router.get(`${DOCS_PATH}/init.js`, (_req, res) => { res.type('application/javascript').send(DOCS_INIT_SCRIPT); });
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${DOCS_PATH}/${file}`, (_req, res, next) => { res.sendFile(file, { root: dir, maxAge: '1d' }, (err) => { if (err) next(err); }); });
  }
  router.get('/', (req, res) => {
    if (wantsHtml(req)) { res.type('html').send(homePage(info.title, info.version)); return; }
    res.json({ name: info.title, version: info.version, auth: 'Send your API key in the `apikey` header.', links: HOME_LINKS });
  });
  router.get('/api/docs', (req, res, next) => { if (wantsHtml(req)) res.redirect(302, DOCS_PATH); else next(); });
  return router;
}
