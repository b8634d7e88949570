// GET /graphiql: the offline GraphQL explorer, open like the Sandbox page (the
// page holds no data; its requests need a key). Its assets come from
// node_modules through a fixed table, so it works with no CDN reachable.
import { Router } from 'express';
import { newNonce } from '../../graphql/landing/inline-html';
import { OFFLINE_EXPLORER_PATH } from '../../graphql/landing/sandbox-page';
import { explorerAssets } from './graphiql-assets';
import { graphiqlPageCsp, renderGraphiqlPage } from './graphiql-page';

export function graphiqlRoutes(opts: { path?: string; endpoint?: string } = {}): Router {
  const base = opts.path ?? OFFLINE_EXPLORER_PATH;
  const page = { assetsPath: `${base}/assets`, endpoint: opts.endpoint ?? '/graphql' };
  const assets = explorerAssets();
  const router = Router();

  router.get(base, (_req, res) => {
    const nonce = newNonce();
    res.setHeader('Content-Security-Policy', graphiqlPageCsp(nonce));
    // The page is tiny and carries a fresh nonce: never reuse a stored copy.
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(renderGraphiqlPage(page, nonce));
  });

  router.get(`${base}/assets/:name`, (req, res, next) => {
    const asset = assets.get(req.params.name);
    if (!asset) { next(); return; }
    res.setHeader('Content-Type', asset.contentType);
    // Files change only with a package upgrade; a day's cache, then a cheap ETag check.
    res.sendFile(asset.file, { maxAge: '1d' }, (err) => { if (err) next(err); });
  });

  return router;
}
