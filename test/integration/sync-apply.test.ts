// The sync writer on known op sequences, and on random ones checked against
// the definitions: the live counters it keeps equal a rebuild from the rows, and
// the rows do not depend on the order or repetition of the messages.
import fc from 'fast-check';
import { rebuildFarcasterLive } from '../../src/analytics/farcaster-live.sql';
import { countsSql, FARCASTER_LIVE_COUNTERS, LIVE_COUNT_TABLES } from '../../src/repositories/farcaster-counters';
import { applyOps } from '../../src/sync/apply-ops';
import type { AnyOp, SyncOp } from '../../src/sync/sync-ops';
import { bothDatabases, type TestDatabase } from '../helpers/test-database';

const T = (minute: number) => new Date(Date.UTC(2025, 0, 1) + minute * 60_000);
const DAY = 24 * 60;
const hash = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

const follow = (fid: number, target: number, minute: number, remove = false): SyncOp => ({ kind: 'link', fid, target, ts: T(minute), remove });
const react = (type: 1 | 2, fid: number, n: number, author: number, minute: number, remove = false): SyncOp =>
  ({ kind: 'reaction', fid, type, targetHash: hash(n), targetFid: author, ts: T(minute), remove });
const like = (fid: number, n: number, author: number, minute: number, remove = false) => react(1, fid, n, author, minute, remove);
const cast = (fid: number, n: number, minute: number, parent?: { fid: number; n: number }, quote?: { fid: number; n: number }): SyncOp => ({
  kind: 'castAdd', hash: hash(n), fid, ts: T(minute), parentFid: parent?.fid ?? null, parentHash: parent ? hash(parent.n) : null, parentUrl: null,
  text: `cast ${n}`, embeds: '[]', mentions: [], quotedHash: quote ? hash(quote.n) : null, quotedFid: quote?.fid ?? null,
});
const uncast = (fid: number, n: number, minute: number): SyncOp => ({ kind: 'castRemove', fid, hash: hash(n), ts: T(minute) });

/**
 * Random histories per property: a quarter in the edit loop, all of them with TEST_ALL (as CI runs). The planted
 * examples run either way, so every counter is exercised in both.
 */
const runs = (full: number) => (process.env.TEST_ALL ? full : Math.ceil(full / 4));

describe.each(bothDatabases())('sync writer on %s', (_name, open) => {
  let t: TestDatabase;
  const q = <R = Record<string, unknown>>(text: string, params?: unknown[]) => t.db.sql.query<R>(text, params);
  const reset = () => t.db.sql.exec(`TRUNCATE fc_link, fc_link_compact, fc_cast, fc_reaction, fc_user_data, fc_verification, fc_fname, fc_user,
    fc_profile_counts, fc_cast_counts, fc_engagement_pair, fc_follower_day, sync_cursor`);
  /** Per fid, its counters in the description's column order (followers, following, posts, likes … quotes received). */
  const counts = async () => Object.fromEntries((await q<{ fid: number; c: number[] }>(`
    SELECT fid, ARRAY[${LIVE_COUNT_TABLES.fc_profile_counts.columns.join(', ')}] AS c
    FROM fc_profile_counts ORDER BY fid`)).map((r) => [r.fid, r.c]));
  /** Per cast: likes, recasts, replies, quotes. */
  const castCounts = async () => Object.fromEntries((await q<{ hash: string; c: number[] }>(`
    SELECT hash, ARRAY[${LIVE_COUNT_TABLES.fc_cast_counts.columns.join(', ')}] AS c FROM fc_cast_counts ORDER BY hash`)).map((r) => [r.hash, r.c]));
  /** fc_engagement_pair as { 'author <- actor kind': n }. */
  const pairs = async () => Object.fromEntries((await q<{ author: number; kind: number; actor: number; n: number }>(
    'SELECT author, kind, actor, n FROM fc_engagement_pair ORDER BY author, kind, actor'))
    .map((r) => [`${r.author} <- ${r.actor} ${['likes', 'replies', 'quotes'][r.kind]}`, r.n]));
  const daily = () => q<{ fid: number; day: string; delta: number }>(`SELECT fid, to_char(day, 'YYYY-MM-DD') AS day, delta FROM fc_follower_day ORDER BY fid, day`);
  const links = () => q(`SELECT fid, target_fid, timestamp, deleted_at FROM fc_link ORDER BY fid, target_fid`);
  const baseRows = async () => ({
    links: await links(),
    casts: await q(`SELECT hash, fid, parent_hash, quoted_hash, text, timestamp, deleted_at FROM fc_cast ORDER BY hash`),
    reactions: await q(`SELECT fid, reaction_type, target_hash, timestamp, deleted_at FROM fc_reaction ORDER BY fid, reaction_type, target_hash`),
  });
  /** The live tables, then the same tables rebuilt from the rows: they must agree. */
  const liveAndRebuilt = async () => {
    const live = { counts: await counts(), casts: await castCounts(), pairs: await pairs(), daily: await daily() };
    await rebuildFarcasterLive(t.db.sql);
    return { live, rebuilt: { counts: await counts(), casts: await castCounts(), pairs: await pairs(), daily: await daily() } };
  };

  beforeAll(async () => { t = await open(); });
  afterAll(async () => { await t.close(); });
  beforeEach(reset);

  it('when a follow, an unfollow on a later day and a re-follow arrive, then followers and the daily history move with each', async () => {
    await applyOps(t.db.sql, [follow(1, 2, 10)]);
    expect(await counts()).toEqual({ 1: [0, 1, 0, 0, 0, 0, 0], 2: [1, 0, 0, 0, 0, 0, 0] });
    await applyOps(t.db.sql, [follow(1, 2, DAY + 5, true)]);
    expect(await counts()).toEqual({});
    expect(await daily()).toEqual([{ fid: 2, day: '2025-01-01', delta: 1 }, { fid: 2, day: '2025-01-02', delta: -1 }]);
    // Re-follow: the row now stands for the new follow only (as an import of the node's state would).
    await applyOps(t.db.sql, [follow(1, 2, 3 * DAY)]);
    expect(await counts()).toEqual({ 1: [0, 1, 0, 0, 0, 0, 0], 2: [1, 0, 0, 0, 0, 0, 0] });
    expect(await daily()).toEqual([{ fid: 2, day: '2025-01-04', delta: 1 }]);
  });

  it('when a remove and an add of the same follow have the same timestamp, then the remove wins in either order', async () => {
    await applyOps(t.db.sql, [follow(1, 2, 10), follow(1, 2, 10, true)]);
    const first = await links();
    await reset();
    await applyOps(t.db.sql, [follow(1, 2, 10, true)]);
    await applyOps(t.db.sql, [follow(1, 2, 10)]);
    expect(await links()).toEqual(first);
    expect(first).toEqual([{ fid: 1, target_fid: 2, timestamp: T(10), deleted_at: T(10) }]);
    expect(await counts()).toEqual({});
  });

  it('when two follows arrive after the unfollow that ended them, then the row keeps the later follow, as in order', async () => {
    const ops = [follow(1, 2, 2, true), follow(1, 2, 0), follow(1, 2, 1)];
    for (const order of [ops, [...ops].reverse(), [ops[0], ops[2], ops[1]]]) {
      await reset();
      for (const o of order) await applyOps(t.db.sql, [o]);
      expect(await links()).toEqual([{ fid: 1, target_fid: 2, timestamp: T(1), deleted_at: T(2) }]);
    }
  });

  it('when a like arrives before its cast, then it counts once the cast lands, and stops when the cast is removed', async () => {
    await applyOps(t.db.sql, [like(5, 100, 7, 20)]);
    expect(await counts()).toEqual({});
    expect(await castCounts()).toEqual({});
    await applyOps(t.db.sql, [cast(7, 100, 10)]);
    expect(await counts()).toEqual({ 7: [0, 0, 1, 1, 0, 0, 0] });
    expect(await castCounts()).toEqual({ [hash(100)]: [1, 0, 0, 0] });
    expect(await pairs()).toEqual({ '7 <- 5 likes': 1 });
    // A reply and a quote from others, and one from the author (never counted), in one batch with the author's own like.
    await applyOps(t.db.sql, [cast(8, 101, 11, { fid: 7, n: 100 }), cast(9, 102, 12, undefined, { fid: 7, n: 100 }),
      cast(7, 103, 13, { fid: 7, n: 100 }), like(7, 100, 7, 14)]);
    expect(await castCounts()).toEqual({ [hash(100)]: [1, 0, 1, 1] });
    expect(await pairs()).toEqual({ '7 <- 5 likes': 1, '7 <- 8 replies': 1, '7 <- 9 quotes': 1 });
    // A second like from 5, on another cast of 7's: the pair counts both.
    await applyOps(t.db.sql, [cast(7, 104, 16), like(5, 104, 7, 17)]);
    expect(await pairs()).toEqual({ '7 <- 5 likes': 2, '7 <- 8 replies': 1, '7 <- 9 quotes': 1 });
    await applyOps(t.db.sql, [uncast(8, 101, 15), uncast(7, 104, 18)]);
    expect(await castCounts()).toEqual({ [hash(100)]: [1, 0, 0, 1] });
    expect(await pairs()).toEqual({ '7 <- 5 likes': 1, '7 <- 9 quotes': 1 });
    await applyOps(t.db.sql, [uncast(7, 100, 30)]);
    expect(await counts()).toEqual({ 9: [0, 0, 1, 0, 0, 0, 0] });
    expect(await castCounts()).toEqual({});
    expect(await pairs()).toEqual({});
    // The cast's add delivered again changes nothing: a removed cast stays removed.
    await applyOps(t.db.sql, [cast(7, 100, 10)]);
    expect(await counts()).toEqual({ 9: [0, 0, 1, 0, 0, 0, 0] });
    expect(await castCounts()).toEqual({});
  });

  it('when a cast remove arrives before the cast, then the cast is stored removed with its content', async () => {
    await applyOps(t.db.sql, [uncast(7, 100, 30)]);
    await applyOps(t.db.sql, [cast(7, 100, 10, { fid: 8, n: 99 })]);
    expect(await q('SELECT text, parent_hash, timestamp, deleted_at FROM fc_cast')).toEqual([
      { text: 'cast 100', parent_hash: hash(99), timestamp: T(10), deleted_at: T(30) }]);
  });

  it('when a pruned follow is the stored one, then it ends at the prune; a pruned unfollow brings nothing back', async () => {
    await applyOps(t.db.sql, [follow(1, 2, 10), follow(3, 2, 10), follow(3, 2, 20, true)]);
    const prune = (op: SyncOp, minute: number): AnyOp => ({ kind: 'retract', op, at: T(minute), reason: 'prune' });
    await applyOps(t.db.sql, [prune(follow(1, 2, 10), 2 * DAY), prune(follow(3, 2, 20, true), 2 * DAY)]);
    expect(await links()).toEqual([
      { fid: 1, target_fid: 2, timestamp: T(10), deleted_at: T(2 * DAY) },
      { fid: 3, target_fid: 2, timestamp: T(10), deleted_at: T(20) }]);
    expect(await counts()).toEqual({});
    // A revoke of an add that is no longer the stored one changes nothing.
    await applyOps(t.db.sql, [follow(1, 2, 3 * DAY)]);
    await applyOps(t.db.sql, [{ kind: 'retract', op: follow(1, 2, 10), at: T(4 * DAY), reason: 'revoke' }]);
    expect(await counts()).toEqual({ 1: [0, 1, 0, 0, 0, 0, 0], 2: [1, 0, 0, 0, 0, 0, 0] });
  });

  it('when a retract names only the key and time of a stored row, then the row ends with its other columns as stored', async () => {
    const sol = 'So11111111111111111111111111111111111111112';
    await applyOps(t.db.sql, [
      { kind: 'verification', fid: 4, address: sol, protocol: 'solana', ts: T(10), remove: false },
      cast(7, 100, 5), like(5, 100, 7, 20)]);
    // What reconcile sends for rows the node does not hold: placeholders beside the key and time.
    await applyOps(t.db.sql, [
      { kind: 'retract', op: { kind: 'verification', fid: 4, address: sol, protocol: 'ethereum', ts: T(10), remove: false }, at: T(30), reason: 'revoke' },
      { kind: 'retract', op: { kind: 'reaction', fid: 5, type: 1, targetHash: hash(100), targetFid: 0, ts: T(20), remove: false }, at: T(30), reason: 'revoke' }]);
    expect(await q('SELECT protocol, deleted_at FROM fc_verification')).toEqual([{ protocol: 'solana', deleted_at: T(30) }]);
    expect(await q('SELECT target_fid, deleted_at FROM fc_reaction')).toEqual([{ target_fid: 7, deleted_at: T(30) }]);
    expect(await counts()).toEqual({ 7: [0, 0, 1, 0, 0, 0, 0] });
  });

  it('when a restore names the node\'s message for a key, then the row takes it even where the merge rules would refuse, and the counters follow', async () => {
    // A stored unfollow (later than the follow) that the node does not hold: by the merge rules the follow loses to it.
    await applyOps(t.db.sql, [follow(1, 2, 10), follow(1, 2, 50, true), cast(7, 100, 5), uncast(7, 100, 60), like(5, 100, 7, 20, true)]);
    await applyOps(t.db.sql, [follow(1, 2, 10)]);
    expect(await counts()).toEqual({});
    await applyOps(t.db.sql, [
      { kind: 'restore', op: follow(1, 2, 10) }, { kind: 'restore', op: cast(7, 100, 5) }, { kind: 'restore', op: like(5, 100, 7, 20) }]);
    expect(await links()).toEqual([{ fid: 1, target_fid: 2, timestamp: T(10), deleted_at: null }]);
    expect(await counts()).toEqual({ 1: [0, 1, 0, 0, 0, 0, 0], 2: [1, 0, 0, 0, 0, 0, 0], 7: [0, 0, 1, 1, 0, 0, 0] });
    expect(await daily()).toEqual([{ fid: 2, day: '2025-01-01', delta: 1 }]);
    // A restored remove ends the row at its time and keeps the follow's time before it.
    await applyOps(t.db.sql, [{ kind: 'restore', op: follow(1, 2, 40, true) }]);
    expect(await links()).toEqual([{ fid: 1, target_fid: 2, timestamp: T(10), deleted_at: T(40) }]);
    const { live, rebuilt } = await liveAndRebuilt();
    expect(live).toEqual(rebuilt);
  });

  it('when the shards\' positions are stored with a batch, then the cursor never moves back and as_of is the slowest shard\'s block time', async () => {
    await applyOps(t.db.sql, [follow(1, 2, 10)], [
      { shard: 1, eventId: 5 * 16384 + 2, blockNumber: 5, eventTime: T(100) },
      { shard: 2, eventId: 9 * 16384, blockNumber: 9, eventTime: T(90) }]);
    await applyOps(t.db.sql, [], [{ shard: 1, eventId: 4 * 16384, blockNumber: 4, eventTime: T(50) }]);
    expect(await q('SELECT shard, event_id::float8 AS id, event_time FROM sync_cursor ORDER BY shard')).toEqual([
      { shard: 1, id: 5 * 16384 + 2, event_time: T(100) }, { shard: 2, id: 9 * 16384, event_time: T(90) }]);
    const [state] = await q<{ as_of: Date }>(`SELECT as_of FROM protocol_state WHERE protocol = 'farcaster'`);
    expect(state.as_of.getTime()).toBeGreaterThanOrEqual(T(90).getTime());
  });

  // Random histories over a few fids and casts: every kind of counted pair (likes and recasts), in batches.
  const fids = fc.integer({ min: 1, max: 5 });
  const casts = fc.integer({ min: 1, max: 6 });
  const minute = fc.integer({ min: 0, max: 4 * DAY });
  const op: fc.Arbitrary<SyncOp> = fc.oneof(
    fc.tuple(fids, fids, minute, fc.boolean()).map(([a, b, m, r]) => follow(a, b, m, r)),
    fc.tuple(fc.constantFrom<1 | 2>(1, 2), fids, casts, minute, fc.boolean()).map(([type, a, n, m, r]) => react(type, a, n, n % 5 + 1, m, r)),
    fc.tuple(casts, minute, fc.option(casts, { nil: undefined }), fc.option(casts, { nil: undefined }))
      .map(([n, m, p, qn]) => cast(n % 5 + 1, n, m, p === undefined ? undefined : { fid: p % 5 + 1, n: p }, qn === undefined ? undefined : { fid: qn % 5 + 1, n: qn })),
    fc.tuple(casts, minute).map(([n, m]) => uncast(n % 5 + 1, n, m)),
  );
  // A cast's content is fixed by its hash on the network: keep only the first add of each hash.
  // A follow or like at the very time of an earlier message of its key is left out: that tie
  // followed by a later remove is the one order-dependent case merge-rules.ts documents.
  const consistent = (ops: SyncOp[]) => {
    const seen = new Set<string>();
    const keyTimes = new Set<string>();
    return ops.filter((o) => {
      if (o.kind === 'castAdd') return !seen.has(o.hash) && Boolean(seen.add(o.hash));
      if (o.kind !== 'link' && o.kind !== 'reaction') return true;
      const keyTime = o.kind === 'link' ? `l|${o.fid}|${o.target}|${o.ts.getTime()}` : `r|${o.fid}|${o.targetHash}|${o.ts.getTime()}`;
      return !keyTimes.has(keyTime) && Boolean(keyTimes.add(keyTime));
    });
  };

  /** A counter of the description as it reads: its table, column and, for a pair, its kind. */
  const counterName = (c: (typeof FARCASTER_LIVE_COUNTERS)[number]) => `${c.table}.${c.column}${c.key.length > 1 ? ` kind ${c.key[1]}` : ''}`;

  it('when random histories are applied in batches, then every live counter, engaging pair and the daily history equal a rebuild from the rows', async () => {
    // Which counters of the description the histories made count something: each must, or the property proves nothing for it.
    const exercised = new Set<string>();
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8 }), async (raw, size) => {
      await reset();
      const ops = consistent(raw);
      for (let i = 0; i < ops.length; i += size) await applyOps(t.db.sql, ops.slice(i, i + size));
      for (const c of FARCASTER_LIVE_COUNTERS) {
        const [{ n }] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${c.rows.from} WHERE ${countsSql(c)}`);
        if (n > 0) exercised.add(counterName(c));
      }
      const { live, rebuilt } = await liveAndRebuilt();
      expect(live).toEqual(rebuilt);
    }), {
      numRuns: runs(40),
      // One history in which every counter counts (a follow, a post, a like, a recast, a reply, a quote), run first:
      // random histories are short, so a counter the description gains is exercised only if this one holds it.
      examples: [[[follow(1, 2, 10), cast(2, 1, 20), react(1, 3, 1, 2, 30), react(2, 3, 1, 2, 31),
        cast(4, 3, 40, { fid: 2, n: 1 }), cast(5, 4, 50, undefined, { fid: 2, n: 1 })], 2]],
    });
    expect([...exercised].sort()).toEqual(FARCASTER_LIVE_COUNTERS.map(counterName).sort());
  });

  it('when the same messages arrive reversed and each twice, then the rows and counters are the same', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (raw) => {
      const ops = consistent(raw);
      await reset();
      await applyOps(t.db.sql, ops);
      const forward = { rows: await baseRows(), counts: await counts(), casts: await castCounts(), pairs: await pairs(), daily: await daily() };
      await reset();
      for (const o of [...ops].reverse()) await applyOps(t.db.sql, [o, o]);
      expect({ rows: await baseRows(), counts: await counts(), casts: await castCounts(), pairs: await pairs(), daily: await daily() }).toEqual(forward);
    }), { numRuns: runs(60) });
  });
});
