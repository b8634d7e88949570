// The classify pipeline: labels every live cast and Lens publication with
// text (categories, key phrases, hashtags, channel, cashtags), then rebuilds
// the daily cashtag and topic counts of the days it touched. Incremental by
// default: only posts that are new or whose text_hash changed are classified,
// and posts that were deleted, hidden or emptied lose their rows. `rebuild`
// classifies every post again; rows are replaced page by page, so readers
// keep the old labels until the new ones are written. A failed run loses
// nothing: written pages stay, and the days they touched stay marked dirty
// (content_dirty_day) until a later run recounts them.
import type { Database } from '../db/database';
import { withAdvisoryLock } from '../db/advisory-lock';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import type { SqlClient } from '../db/sql-client';
import { collectCategoryShift } from '../repositories/collect-categories.sql';
import { PROTOCOL_NAMES, type ProtocolName } from '../domain/protocols';
import { BUMP_DATA_VERSION_SQL } from '../repositories/protocols.sql';
import { cashtagsOf } from './cashtags';
import type { PostClassifier } from './classifier.types';
import {
  CHANGED_COUNT, CHANGED_POSTS, CLEAR_DIRTY, CLEAR_MENTIONS, CLEAR_POST_LINKS, DIRTY_DAYS, INSERT_MENTIONS, INSERT_POST_LINKS,
  ANALYZE_CONTENT, MARK_ALL_DIRTY, MARK_DIRTY, MENTION_COUNTS, REMOVE_GONE, REPLACE_TOPICS, STORED_POSTS, UPSERT_POSTS,
} from './content.sql';
import { tokenMentionId } from './mention-id';
import { channelOf, hashtagsOf } from './post-features';
import { mentionEvents, storedMentions } from './mention-events';
import { insertPushEvents } from '../repositories/push-outbox.sql';

export interface ClassifyOptions {
  classifier: PostClassifier;
  rebuild?: boolean;
  /** Posts read, classified and written at a time. */
  pageSize?: number;
  log?: (line: string) => void;
}

export interface ClassifyReport {
  classifier: string;
  classified: Record<ProtocolName, number>;
  removed: Record<ProtocolName, number>;
  days: number;
  seconds: number;
  /** Classifier throughput alone (posts/s), without the database work. */
  classifierPostsPerSecond: number;
}

interface ChangedPost {
  post_id: string; author_id: string; posted_at: Date; day: string;
  text: string; parent_url: string | null; tags: string[] | null; text_hash: string;
}

/** Posts written before the first ANALYZE of the content tables; then at ×4 steps, so the statistics keep up at a cost that stays a small share (docs/performance.md#import). */
const FIRST_ANALYZE = 10_000;

/** Runs the pipeline, or answers null at once when another run holds the lock. */
export function classifyPosts(db: Database, opts: ClassifyOptions): Promise<ClassifyReport | null> {
  return withAdvisoryLock(db.sql, ADVISORY_LOCKS.classify, (sql) => runPipeline(sql, opts));
}

async function runPipeline(sql: SqlClient, opts: ClassifyOptions): Promise<ClassifyReport> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const rebuild = opts.rebuild ?? false;
  const report: ClassifyReport = {
    classifier: opts.classifier.name, classified: { farcaster: 0, lens: 0 }, removed: { farcaster: 0, lens: 0 },
    days: 0, seconds: 0, classifierPostsPerSecond: 0,
  };
  let classifierMs = 0;
  let written = 0;
  let analyzeAt = FIRST_ANALYZE;
  if (rebuild) await sql.query(MARK_ALL_DIRTY);
  for (const protocol of PROTOCOL_NAMES) {
    report.removed[protocol] = await removeGone(sql, protocol);
    const [{ n: total }] = await sql.query<{ n: number }>(CHANGED_COUNT[protocol], [rebuild]);
    // Nothing changed: skip the page scan, which would walk every post again to find none.
    if (total === 0) continue;
    let after = '';
    for (;;) {
      const page = await sql.query<ChangedPost>(CHANGED_POSTS[protocol], [after, rebuild, opts.pageSize ?? 2000]);
      if (!page.length) break;
      after = page[page.length - 1].post_id;
      const t = Date.now();
      const labelled = await labelPage(protocol, page, opts.classifier);
      classifierMs += Date.now() - t;
      await writePage(sql, protocol, labelled);
      report.classified[protocol] += page.length;
      written += page.length;
      // Planner statistics of the growing tables: without them a first run over
      // an empty database keeps planning them as empty, and its writes slow to a
      // crawl as they grow (docs/performance.md#import).
      if (written >= analyzeAt) {
        await sql.exec(ANALYZE_CONTENT);
        analyzeAt *= 4;
      }
      log(`classify ${protocol}: ${report.classified[protocol]}/${total} posts`);
    }
  }
  report.days = await recountDirtyDays(sql);
  // Also after a run that only removed posts or recounted days: it changed the tables too.
  if (written > 0 || report.removed.farcaster + report.removed.lens > 0 || report.days > 0) await sql.exec(ANALYZE_CONTENT);
  const classified = report.classified.farcaster + report.classified.lens;
  report.seconds = (Date.now() - started) / 1000;
  report.classifierPostsPerSecond = classifierMs > 0 ? Math.round((classified * 1000) / classifierMs) : 0;
  return report;
}

async function labelPage(protocol: ProtocolName, page: ChangedPost[], classifier: PostClassifier) {
  const inputs = page.map((p) => ({ key: `${protocol}:${p.post_id}`, text: p.text, tags: hashtagsOf(p.text, p.tags ?? []) }));
  const labels = await classifier.classify(inputs);
  return page.map((p, i) => ({
    protocol, post_id: p.post_id, author_id: p.author_id, posted_at: p.posted_at, day: p.day, text_hash: p.text_hash,
    classifier: labels[i].labelledBy ?? classifier.name, categories: labels[i].categories, hashtags: inputs[i].tags,
    channel: channelOf(p.parent_url), terms: labels[i].terms, cashtags: cashtagsOf(p.text),
  }));
}

interface StoredPost { post_id: string; day: string; categories: number[]; cashtags: string[] }

/** Drops the category and cashtag rows of stored posts (before they are rewritten or removed). */
async function clearLinks(tx: SqlClient, protocol: ProtocolName, stored: readonly StoredPost[]) {
  if (!stored.length) return;
  const ids = stored.map((p) => p.post_id);
  const categories = [...new Set(stored.flatMap((p) => p.categories ?? []))];
  const symbols = [...new Set(stored.flatMap((p) => p.cashtags ?? []))];
  if (categories.length) await tx.query(CLEAR_POST_LINKS.categories, [categories, protocol, ids]);
  if (symbols.length) await tx.query(CLEAR_POST_LINKS.cashtags, [symbols, protocol, ids]);
}

/** Posts no longer live lose their rows, in one transaction; their days are marked for recounting. */
async function removeGone(sql: SqlClient, protocol: ProtocolName): Promise<number> {
  return sql.transaction(async (tx) => {
    const shift = protocol === 'lens' ? await collectCategoryShift(tx) : null;
    const gone = await tx.query<StoredPost>(REMOVE_GONE[protocol]);
    await clearLinks(tx, protocol, gone);
    await shift?.(gone, []);
    if (gone.length) await tx.query(MARK_DIRTY, [[...new Set(gone.map((p) => p.day))]]);
    if (gone.length) await tx.query(BUMP_DATA_VERSION_SQL);
    return gone.length;
  });
}

/**
 * One transaction per page: a post's row, categories and cashtags change
 * together, and the days it was and is on are marked for recounting.
 */
async function writePage(sql: SqlClient, protocol: ProtocolName, posts: Awaited<ReturnType<typeof labelPage>>) {
  const ids = posts.map((p) => p.post_id);
  await sql.transaction(async (tx) => {
    // Collects per category follow the Lens labels in the same transaction.
    const shift = protocol === 'lens' ? await collectCategoryShift(tx) : null;
    const stored = await tx.query<StoredPost>(STORED_POSTS, [protocol, ids]);
    await clearLinks(tx, protocol, stored);
    await tx.query(UPSERT_POSTS, [JSON.stringify(posts)]);
    for (const q of INSERT_POST_LINKS) await tx.query(q, [protocol, ids]);
    await shift?.(stored, posts);
    await tx.query(MARK_DIRTY, [[...new Set([...stored.map((p) => p.day), ...posts.map((p) => p.day)])]]);
    // Post labels are answers too (categories, topics and token publications read them).
    await tx.query(BUMP_DATA_VERSION_SQL);
  });
}

/** Recounts the daily cashtag and topic rows of the dirty days, in one transaction; answers how many days. */
async function recountDirtyDays(sql: SqlClient): Promise<number> {
  const days = (await sql.query<{ day: string }>(DIRTY_DAYS)).map((r) => r.day);
  if (!days.length) return 0;
  const counts = await sql.query<{ day: string; symbol: string; post_count: number }>(MENTION_COUNTS, [days]);
  await sql.transaction(async (tx) => {
    const before = await storedMentions(tx, days);
    await tx.query(CLEAR_MENTIONS, [days]);
    await tx.query(INSERT_MENTIONS, [
      counts.map((c) => c.day), counts.map((c) => c.symbol), counts.map((c) => tokenMentionId(c.symbol, c.day)),
      counts.map((c) => c.post_count),
    ]);
    // A token's mentions crossing a subscriber's threshold: pushed from the moment the new counts are read.
    await insertPushEvents(tx, await mentionEvents(tx, before, counts));
    for (const q of REPLACE_TOPICS) await tx.query(q, [days]);
    await tx.query(CLEAR_DIRTY, [days]);
    await tx.query(BUMP_DATA_VERSION_SQL);
  });
  return days.length;
}
