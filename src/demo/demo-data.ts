// First start of the embedded default: generate and import a demo dataset and
// create a demo key, so a newcomer can query at once. Later starts reuse both.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/config.schema';
import type { Database } from '../db/database';
import { SCOPES } from '../auth/scopes';
import { KeyService } from '../auth/key.service';
import { ingest, type IngestSink } from '../jobs/ingest';

const DEMO_FLAG = 'demo_dataset';
/** The demo dataset's seed: the OpenAPI examples are answers on it (scripts/openapi-examples.ts). */
export const DEMO_SEED = 1;

// A classify or refresh someone started through the admin socket meanwhile
// does the same work on the same data: the server starts without waiting.
const WHEN_BUSY = 'skip';

export interface DemoResult { loaded: boolean; key?: string }

export async function ensureDemoData(config: Config, db: Database, log: Logger): Promise<DemoResult> {
  if (config.DATABASE_URL || config.DEMO_DATA === 'off') return { loaded: false };
  const flag = await db.prisma.appMeta.findUnique({ where: { key: DEMO_FLAG } });
  if (flag) {
    // A demo database from before the classifier existed: label its posts once.
    const [{ labelled }] = await db.read<{ labelled: boolean }>('SELECT EXISTS (SELECT 1 FROM post_content) AS labelled');
    if (!labelled) await ingest(db, config, { classify: {}, whenBusy: WHEN_BUSY }, demoLog(log));
    return { loaded: false };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sga-demo-'));
  try {
    log.info(`first start: generating the ${config.DEMO_SCALE} demo dataset`);
    // The generator is loaded for the first start only (a server holds no module it never runs).
    const { generateDataset } = await import('../datagen/generate');
    await generateDataset({ out: dir, scale: config.DEMO_SCALE, seed: DEMO_SEED });
    await ingest(db, config, { import: { dir, progress: 'auto' }, classify: {}, refresh: {}, whenBusy: WHEN_BUSY }, demoLog(log));
    // Every scope: a newcomer tries webhooks and dismissals too. The key is printed for one person, not put in a page.
    const key = await new KeyService(db, config.DEFAULT_RATE_LIMIT, 0).create({ name: 'demo', scopes: [...SCOPES] });
    await db.prisma.appMeta.create({ data: { key: DEMO_FLAG, value: JSON.stringify({ scale: config.DEMO_SCALE, seed: DEMO_SEED, keyId: key.id }) } });
    return { loaded: true, key: key.key };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The server's log: a line as each step starts or ends, the classifier's warnings. */
function demoLog(log: Logger): IngestSink {
  return {
    starting(step) {
      if (step === 'import') log.info('importing the demo dataset (once; later starts reuse it)');
      if (step === 'refresh') log.info('computing analytics');
    },
    imported: (summary) => log.info({ rows: summary.rowsOk, seconds: summary.seconds }, 'demo dataset imported; classifying posts'),
    classified: (report) => log.info({ posts: report.classified, seconds: report.seconds, classifier: report.classifier }, 'demo posts classified'),
    warn: (line) => log.warn(line),
  };
}
