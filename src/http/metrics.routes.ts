// GET /metrics: the Prometheus text of this instance's registry (src/metrics/).
// Database reads in it are bounded (db-snapshot.ts), so a stalled database
// delays a scrape by at most a second and leaves only its own series out.
import { Router } from 'express';
import type { Logger } from 'pino';
import type { AppMetrics } from '../metrics/app-metrics';

export function metricsRoutes(metrics: AppMetrics, log: Logger): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    try {
      const { contentType, text } = await metrics.scrape();
      res.type(contentType).send(text);
    } catch (err) {
      // Collectors catch their own failures; this is a bug's. A scraper reads 503 as "target down", not a crash.
      log.error({ err }, 'metrics scrape failed');
      res.status(503).type('text/plain').send('# metrics unavailable\n');
    }
  });
  return router;
}
