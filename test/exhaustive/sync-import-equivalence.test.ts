// Everything the importer already stores comes out the same whether it arrived by
// import or by sync. One set of real signed messages is (1) synced from the node
// double into one database and (2) written as the hub replicator
// (farcasterxyz/hub-monorepo apps/replicator, processors/*.ts and
// migrations/001_initial_migration.ts) would have stored it, exported with psql
// `\copy … CSV HEADER`, and imported into a second database. The fc_* rows and the
// answers for every fid are then compared.
//
// Columns that legitimately differ (the two sources do not carry the same facts):
// - deleted_at of links, casts and reactions: the replicator writes `new Date()`, the
//   time it processed the remove; the sync writes the remove message's own
//   timestamp. Rows compare on "deleted or not"; the two times are asserted apart.
// - fc_fname after a transfer: the replicator hard-deletes the old holder's row
//   (`deleteFrom("fnames").where("username", …)`), the sync keeps it with deleted_at.
//   Live names compare equal; the sync's extra ended row is asserted apart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MessageType, Protocol, ReactionType, UserDataType, type Message,
} from '@farcaster/hub-nodejs';
import { ingest } from '../../src/jobs/ingest';
import { fnameProof, farcasterSeconds, idRegisterEvent } from '../helpers/hub-double/message-factory';
import { REPLICATOR_LAG_MS, writeReplicatorDump } from '../helpers/replicator-dump';
import { testConfig } from '../helpers/serve-app';
import { Answers, LiveRig } from '../helpers/sync-rig';
import { waitForEqual } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

const T0 = farcasterSeconds(new Date('2025-03-04T10:00:00Z'));
const at = (s: number) => ({ at: T0 + s });
const castId = (m: Message) => ({ fid: m.data!.fid, hash: m.hash });
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;

// ---------------------------------------------------------------- comparison

const TABLES = {
  fc_user: 'SELECT fid, registered_at, custody_address FROM fc_user ORDER BY fid',
  fc_link: 'SELECT fid, target_fid, timestamp, deleted_at IS NOT NULL AS deleted FROM fc_link ORDER BY fid, target_fid',
  // root_parent_hash is compared in its own test below.
  fc_cast: `SELECT hash, fid, parent_fid, parent_hash, parent_url, text, embeds::text AS embeds, mentions, quoted_hash, quoted_fid,
    timestamp, deleted_at IS NOT NULL AS deleted FROM fc_cast ORDER BY hash`,
  fc_reaction: 'SELECT fid, reaction_type, target_hash, target_fid, timestamp, deleted_at IS NOT NULL AS deleted FROM fc_reaction ORDER BY fid, reaction_type, target_hash',
  fc_user_data: 'SELECT fid, type, value, timestamp, deleted_at FROM fc_user_data ORDER BY fid, type',
  fc_verification: 'SELECT fid, address, protocol, timestamp, deleted_at IS NOT NULL AS deleted FROM fc_verification ORDER BY fid, address',
  fc_fname_live: 'SELECT fid, fname FROM fc_fname WHERE deleted_at IS NULL ORDER BY fid, fname',
  // A sync leaves a row at zero where a rebuild writes none.
  fc_profile_counts: `SELECT * FROM fc_profile_counts WHERE followers + following + posts + likes_received + recasts_received
    + replies_received + quotes_received > 0 ORDER BY fid`,
  fc_cast_counts: 'SELECT * FROM fc_cast_counts ORDER BY hash',
  fc_engagement_pair: 'SELECT * FROM fc_engagement_pair ORDER BY author, kind, actor',
  fc_follower_day: 'SELECT fid, day::text AS day, delta FROM fc_follower_day WHERE delta <> 0 ORDER BY fid, day',
} as const;

async function tables(s: TestServer): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, text] of Object.entries(TABLES)) out[name] = await s.testDb.db.sql.query(text);
  return out;
}

const DELETED_AT = `SELECT 'link' AS kind, fid || '>' || target_fid AS key, deleted_at FROM fc_link WHERE deleted_at IS NOT NULL
  UNION ALL SELECT 'cast', hash, deleted_at FROM fc_cast WHERE deleted_at IS NOT NULL
  UNION ALL SELECT 'reaction', fid || ':' || reaction_type || ':' || target_hash, deleted_at FROM fc_reaction WHERE deleted_at IS NOT NULL
  UNION ALL SELECT 'verification', fid || ':' || address, deleted_at FROM fc_verification WHERE deleted_at IS NOT NULL ORDER BY 1, 2`;

const USER = `query EqUser($fid: Int!) {
  farcasterUser(fid: $fid) {
    fid username totalFollowers likesCount
    handle { localName }
    stats { followers following posts }
    metadata { displayName bio picture { raw { uri } } coverPicture { optimized { uri } } }
    verifications { address protocol }
    casts(first: 100) { totalCount edges { node { hash likes recasts replies quotes } } }
  }
}`;

async function answers(s: TestServer, fids: number[]) {
  const a = new Answers(s);
  const out: Record<number, unknown> = {};
  for (const fid of fids) {
    out[fid] = {
      graphql: (await s.gql.request<{ farcasterUser: unknown }>(USER, { fid })).farcasterUser,
      followers: await a.rest(`/api/farcaster/followers/${fid}`),
      following: await a.rest(`/api/farcaster/following/${fid}`),
      casts: await a.rest(`/api/farcaster/casts/${fid}`),
      profile: await a.rest(`/api/farcaster/user/profile/${fid}`),
    };
  }
  return out;
}

// ---------------------------------------------------------------- the scenario

describe('import and sync store the same', () => {
  let synced: TestServer;
  let imported: TestServer;
  let rig: LiveRig;
  let dir: string;
  const fids = [4001, 4002, 4003, 4004, 4005];
  const [one, two, three, four, five] = fids;
  const removes: Message[] = [];
  let roots: Record<'c1' | 'r1' | 'r2', string>;

  beforeAll(async () => {
    [synced, imported] = await Promise.all([startTestServer(), startTestServer()]);
    rig = await new LiveRig(synced).open();
    const f = rig.f;
    const chain = fids.map((fid, i) => idRegisterEvent({ fid, at: new Date(Date.UTC(2024, 5, 1 + i, 12)) }));

    const c1 = await f.castAdd(one, 'root, with a picture', { ...at(10), embedUrls: ['https://example.com/a.png'], parentUrl: 'https://warpcast.com/~/channel/dev' });
    const r1 = await f.castAdd(two, 'hi @one', { ...at(11), parent: castId(c1), mentions: [one], mentionsPositions: [3] });
    const r2 = await f.castAdd(three, 'a reply to the reply', { ...at(12), parent: castId(r1) });
    const q1 = await f.castAdd(three, 'quoting, and a link', { ...at(13), quote: castId(c1), embedUrls: ['https://example.com/page'] });
    const gone = await f.castAdd(two, 'soon removed', at(14));
    const ethThree = await f.verificationAddEth(three, at(42));
    roots = { c1: hex(c1.hash), r1: hex(r1.hash), r2: hex(r2.hash) };
    const messages: Message[] = [
      await f.linkAdd(two, one, at(1)), await f.linkAdd(three, one, at(2)), await f.linkAdd(four, one, at(3)), await f.linkAdd(one, two, at(4)),
      await f.linkAdd(five, two, at(5)),
      c1, r1, r2, q1, gone,
      await f.reactionAdd(two, ReactionType.LIKE, castId(c1), at(20)), await f.reactionAdd(three, ReactionType.RECAST, castId(c1), at(21)),
      await f.reactionAdd(four, ReactionType.LIKE, castId(c1), at(22)), await f.reactionAdd(one, ReactionType.LIKE, castId(r1), at(23)),
      await f.reactionAdd(five, ReactionType.RECAST, castId(q1), at(24)),
      await f.userDataAdd(one, UserDataType.PFP, 'https://example.com/one.png', at(30)),
      await f.userDataAdd(one, UserDataType.DISPLAY, 'One', at(31)),
      await f.userDataAdd(one, UserDataType.BIO, 'says "gm", often', at(32)),
      await f.userDataAdd(one, UserDataType.BANNER, 'https://example.com/banner.png', at(33)),
      await f.userDataAdd(two, UserDataType.LOCATION, 'geo:51.51,-0.13', at(34)),
      await f.userDataAdd(two, UserDataType.URL, 'https://two.example', at(35)),
      await f.userDataAdd(two, UserDataType.TWITTER, 'two_x', at(36)),
      await f.userDataAdd(three, UserDataType.USERNAME, 'three', at(37)),
      await f.verificationAddEth(one, at(40)), await f.verificationAddSolana(two, at(41)), ethThree,
    ];
    const later: Message[] = [
      await f.linkRemove(four, one, at(50)), await f.linkRemove(three, one, at(51)),
      await f.castRemove(two, gone.hash, at(52)),
      await f.reactionRemove(four, ReactionType.LIKE, castId(c1), at(53)),
      await f.userDataAdd(one, UserDataType.DISPLAY, 'One, renamed', at(54)),
      await f.verificationRemove(three, ethThree.data.verificationAddAddressBody.address, Protocol.ETHEREUM, at(55)),
      // Re-followed later: live again, with the new follow's time.
      await f.linkAdd(three, one, at(60)),
    ];
    removes.push(...later.filter((m) => m.data!.type !== MessageType.LINK_ADD && m.data!.type !== MessageType.USER_DATA_ADD));
    const proofs = [
      await fnameProof({ name: 'one', fid: one, at: new Date('2025-03-04T09:00:00Z') }),
      await fnameProof({ name: 'twotwo', fid: two, at: new Date('2025-03-04T09:01:00Z') }),
      // A transfer: the name moves from two to five.
      await fnameProof({ name: 'twotwo', fid: five, at: new Date('2025-03-04T09:30:00Z') }),
    ];

    // (1) Through the node double into the first database, live.
    await rig.engine();
    for (const e of chain) rig.double.onChain(e);
    // The replies reach the sync before the cast they answer (they are on the other shard, a
    // block earlier): what a node's shards do to any reader.
    const replies = new Set<Message>([r1, r2]);
    rig.double.submit([r1, r2]);
    await waitForEqual('the replies stored first', () => rig.cursors(), rig.nodeHeads(), { timeoutMs: 10_000 });
    rig.double.submit(messages.filter((m) => !replies.has(m)));
    for (const p of proofs) rig.double.usernameProof(p);
    rig.double.submit(later);
    await waitForEqual('the sync at the node\'s heads', () => rig.cursors(), rig.nodeHeads(), { timeoutMs: 10_000 });

    // (2) The same messages as the replicator's export, imported into the second.
    dir = mkdtempSync(path.join(tmpdir(), 'fc-equiv-'));
    writeReplicatorDump(dir, chain, [...messages, ...later], proofs);
    await ingest(imported.testDb.db, testConfig(), { import: { dir, progress: 'silent' }, refresh: {} });
  }, 60_000);

  afterAll(async () => {
    await rig?.close();
    await Promise.all([synced?.close(), imported?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the fc_* rows, the live counters and the follower history are equal', async () => {
    const [a, b] = [await tables(synced), await tables(imported)];
    for (const name of Object.keys(TABLES)) expect([name, a[name]]).toEqual([name, b[name]]);
    // Not vacuous: every kind has rows, removed ones among them.
    expect(Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.length]))).toEqual({
      fc_user: 5, fc_link: 5, fc_cast: 5, fc_reaction: 5, fc_user_data: 8, fc_verification: 3, fc_fname_live: 2, fc_profile_counts: 4, fc_cast_counts: 3, fc_engagement_pair: 5,
      fc_follower_day: 2,
    });
  });

  it('a removed row ends at the remove\'s time when synced and at the replicator\'s processing time when imported', async () => {
    const [a, b] = await Promise.all([synced, imported].map((s) => s.testDb.db.sql.query<{ kind: string; key: string; deleted_at: Date }>(DELETED_AT)));
    expect(a.map((r) => [r.kind, r.key])).toEqual(b.map((r) => [r.kind, r.key]));
    // Three's unfollow is undone by its later follow; the other removes leave their rows removed.
    expect(a.length).toBe(removes.length - 1);
    for (const [i, r] of a.entries()) expect(b[i].deleted_at.getTime() - r.deleted_at.getTime()).toBe(REPLICATOR_LAG_MS);
  });

  it('a reply, and a reply to it, have the thread\'s first cast as root even when they are stored before it', async () => {
    const q = `SELECT hash, root_parent_hash FROM fc_cast WHERE hash = ANY($1::text[]) ORDER BY hash`;
    const expected = [{ hash: roots.r1, root_parent_hash: roots.c1 }, { hash: roots.r2, root_parent_hash: roots.c1 }]
      .sort((x, y) => x.hash.localeCompare(y.hash));
    expect(await imported.testDb.db.sql.query(q, [[roots.r1, roots.r2]])).toEqual(expected);
    expect(await synced.testDb.db.sql.query(q, [[roots.r1, roots.r2]])).toEqual(expected);
  });

  it('after an fname transfer the sync keeps the old holder\'s name as ended; the replicator\'s export has no row for it', async () => {
    const ended = 'SELECT fid, fname FROM fc_fname WHERE deleted_at IS NOT NULL ORDER BY fid';
    expect(await synced.testDb.db.sql.query(ended)).toEqual([{ fid: two, fname: 'twotwo' }]);
    expect(await imported.testDb.db.sql.query(ended)).toEqual([]);
  });

  it('every fid answers the same on GraphQL and REST', async () => {
    const [a, b] = [await answers(synced, fids), await answers(imported, fids)];
    for (const fid of fids) expect([fid, a[fid]]).toEqual([fid, b[fid]]);
    expect((a[one] as { graphql: { stats: unknown; username: string } }).graphql).toMatchObject({
      username: 'one', stats: { followers: 2, following: 1, posts: 1 }, metadata: { displayName: 'One, renamed' } });
    expect((a[five] as { graphql: { username: string } }).graphql.username).toBe('twotwo');
  });
});
