// The live sync against the node double, judged by what the running app answers:
// each message the node merges moves the REST and GraphQL answers it should, and
// nothing the node delivers twice (or again after a restart) counts twice.
import { Protocol, ReactionType, UserDataType } from '@farcaster/hub-nodejs';
import { fnameProof, farcasterSeconds } from '../helpers/hub-double/message-factory';
import { LiveRig } from '../helpers/sync-rig';
import { staysEqual, waitForEqual } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let rig: LiveRig;

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { rig = await new LiveRig(server).open(); });
afterEach(async () => { await rig.close(); });

const castId = (m: { hash: Uint8Array; data: { fid: number } }) => ({ fid: m.data.fid, hash: m.hash });
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;

describe('live sync: answers follow the node', () => {
  it('a follow makes the target\'s follower total 1 on REST and GraphQL; the unfollow takes it back to 0', async () => {
    const { double, f, answers: a } = rig;
    await rig.engine();
    await rig.register(101, 102);
    const t0 = farcasterSeconds() - 100;
    double.submit([await f.linkAdd(101, 102, { at: t0 })]);
    await waitForEqual('REST followers of 102', () => a.followersTotal(102), 1);
    const target = await a.user(102);
    expect({ total: target.totalFollowers, followers: target.stats.followers }).toEqual({ total: 1, followers: 1 });
    expect((await a.user(101)).stats.following).toBe(1);
    const list = await a.rest(`/api/farcaster/followers/102`);
    expect(list.users.map((u: { fid: number }) => u.fid)).toEqual([101]);

    double.submit([await f.linkRemove(101, 102, { at: t0 + 1 })]);
    await waitForEqual('REST followers of 102 after the unfollow', () => a.followersTotal(102), 0);
    const after = await a.user(102);
    expect({ total: after.totalFollowers, followers: after.stats.followers }).toEqual({ total: 0, followers: 0 });
    expect((await a.user(101)).stats.following).toBe(0);
  });

  it('casts, a reply, a quote, a like and a recast move posts, likes, replies and quotes; their removes move them back', async () => {
    const { double, f, answers: a } = rig;
    await rig.engine();
    const [author, replier, quoter] = [201, 202, 203];
    await rig.register(author, replier, quoter);
    const t0 = farcasterSeconds() - 100;
    const root = await f.castAdd(author, 'root cast', { at: t0 });
    const reply = await f.castAdd(replier, 'a reply', { at: t0 + 1, parent: castId(root) });
    const quote = await f.castAdd(quoter, 'a quote', { at: t0 + 2, quote: castId(root) });
    const like = await f.reactionAdd(replier, ReactionType.LIKE, castId(root), { at: t0 + 3 });
    const recast = await f.reactionAdd(quoter, ReactionType.RECAST, castId(root), { at: t0 + 3 });
    double.submit([root, reply, quote, like, recast]);

    const rootHash = hex(root.hash);
    const rootCounts = async () => {
      const u = await a.user(author);
      const c = u.casts.edges.find((e) => e.node.hash === rootHash)?.node;
      return { posts: u.stats.posts, likesCount: u.likesCount, likes: c?.likes, recasts: c?.recasts, replies: c?.replies, quotes: c?.quotes };
    };
    await waitForEqual('the root cast\'s counters', rootCounts, { posts: 1, likesCount: 1, likes: 1, recasts: 1, replies: 1, quotes: 1 });
    // A reply is not a post; a quote without a parent is.
    expect((await a.user(replier)).stats.posts).toBe(0);
    expect((await a.user(quoter)).stats.posts).toBe(1);
    expect(await a.rest(`/api/farcaster/likes-count?fids=${author}`)).toEqual([{ fid: author, likesCount: 1 }]);
    const restCasts = await a.rest(`/api/farcaster/casts/${author}`);
    expect({ total: restCasts.total, hashes: restCasts.casts.map((c: { hash: string }) => c.hash) }).toEqual({ total: 1, hashes: [rootHash] });

    double.submit([
      await f.reactionRemove(replier, ReactionType.LIKE, castId(root), { at: t0 + 10 }),
      await f.castRemove(replier, reply.hash, { at: t0 + 10 }),
      await f.castRemove(quoter, quote.hash, { at: t0 + 10 }),
    ]);
    await waitForEqual('the counters after the removes', rootCounts, { posts: 1, likesCount: 0, likes: 0, recasts: 1, replies: 0, quotes: 0 });
    expect((await a.user(quoter)).stats.posts).toBe(0);
    expect(await a.rest(`/api/farcaster/likes-count?fids=${author}`)).toEqual([{ fid: author, likesCount: 0 }]);

    double.submit([await f.castRemove(author, root.hash, { at: t0 + 11 })]);
    await waitForEqual('the author\'s posts after the root is removed', async () => (await a.user(author)).stats.posts, 0);
    expect((await a.rest(`/api/farcaster/casts/${author}`)).total).toBe(0);
  });

  it('display name and picture changes show in the profile; a verification shows until it is removed', async () => {
    const { double, f, answers: a } = rig;
    await rig.engine();
    const fid = 301;
    await rig.register(fid);
    const t0 = farcasterSeconds() - 100;
    double.submit([
      await f.userDataAdd(fid, UserDataType.DISPLAY, 'First Name', { at: t0 }),
      await f.userDataAdd(fid, UserDataType.PFP, 'https://example.com/a.png', { at: t0 }),
    ]);
    const profile = async () => {
      const p = await a.rest(`/api/farcaster/user/profile/${fid}`);
      return { displayName: p.metadata.displayName, picture: p.metadata.picture?.raw?.uri ?? null };
    };
    await waitForEqual('the first profile', profile, { displayName: 'First Name', picture: 'https://example.com/a.png' });

    double.submit([await f.userDataAdd(fid, UserDataType.DISPLAY, 'Second Name', { at: t0 + 5 })]);
    await waitForEqual('the new display name', profile, { displayName: 'Second Name', picture: 'https://example.com/a.png' });
    double.submit([await f.userDataAdd(fid, UserDataType.PFP, 'https://example.com/b.png', { at: t0 + 6 })]);
    await waitForEqual('the new picture', profile, { displayName: 'Second Name', picture: 'https://example.com/b.png' });
    expect((await a.user(fid)).metadata).toEqual({ displayName: 'Second Name', picture: { raw: { uri: 'https://example.com/b.png' } } });

    const verification = await f.verificationAddEth(fid, { at: t0 + 7 });
    const address = hex(verification.data.verificationAddAddressBody.address).toLowerCase();
    double.submit([verification]);
    await waitForEqual('the verification on GraphQL', async () => (await a.user(fid)).verifications, [{ address, protocol: 'ETHEREUM' }]);
    expect((await a.rest(`/api/farcaster/match/${fid}`)).addresses).toEqual([address]);

    double.submit([await f.verificationRemove(fid, verification.data.verificationAddAddressBody.address, Protocol.ETHEREUM, { at: t0 + 8 })]);
    await waitForEqual('no verification after the remove', async () => (await a.user(fid)).verifications, []);
    expect((await a.rest(`/api/farcaster/match/${fid}`)).addresses).toEqual([]);
  });

  it('an fname proof gives the fid its username; a transfer moves it to the new holder', async () => {
    const { double, answers: a } = rig;
    await rig.engine();
    const [first, second] = [401, 402];
    await rig.register(first, second);
    double.usernameProof(await fnameProof({ name: 'livesync', fid: first, at: new Date(Date.now() - 60_000) }));
    await waitForEqual('the username of the first holder', async () => (await a.user(first)).username, 'livesync');
    const search = async () => (await a.rest(`/api/farcaster/user/profiles/livesync`)).map((p: { fid: number }) => p.fid);
    expect(await search()).toEqual([first]);
    expect((await a.rest(`/api/farcaster/user/profile/${first}`)).handle).toEqual({ localName: 'livesync' });

    double.usernameProof(await fnameProof({ name: 'livesync', fid: second, at: new Date() }));
    await waitForEqual('the username moved', async () => [(await a.user(first)).username, (await a.user(second)).username], [null, 'livesync']);
    expect(await search()).toEqual([second]);
  });

  it('a pruned follow and the messages of a revoked signer stop counting', async () => {
    const { double, f, answers: a } = rig;
    await rig.engine();
    const [author, fan] = [501, 502];
    await rig.register(author, fan);
    const t0 = farcasterSeconds() - 100;
    const follow = await f.linkAdd(fan, author, { at: t0 });
    const cast = await f.castAdd(author, 'will be revoked', { at: t0 });
    const like = await f.reactionAdd(fan, ReactionType.LIKE, castId(cast), { at: t0 + 1 });
    double.submit([follow, cast, like]);
    const counts = async () => {
      const u = await a.user(author);
      return { followers: await a.followersTotal(author), posts: u.stats.posts, likes: u.likesCount };
    };
    await waitForEqual('the counts before', counts, { followers: 1, posts: 1, likes: 1 });

    double.prune(follow);
    await waitForEqual('followers after the prune', counts, { followers: 0, posts: 1, likes: 1 });

    double.revokeSigner(fan);
    await waitForEqual('likes after the fan\'s signer is revoked', counts, { followers: 0, posts: 1, likes: 0 });

    double.revokeSigner(author);
    await waitForEqual('posts after the author\'s signer is revoked', counts, { followers: 0, posts: 0, likes: 0 });
    expect((await a.rest(`/api/farcaster/casts/${author}`)).total).toBe(0);
  });

  it('events delivered twice, and replayed after a restart from a rewound cursor, are not counted twice', async () => {
    const { double, f, answers: a } = rig;
    const engine = await rig.engine();
    const target = 610;
    const fans = [601, 602, 603, 604, 605];
    await rig.register(target, ...fans);
    double.duplicateDelivery(true);
    const t0 = farcasterSeconds() - 100;
    const cast = await f.castAdd(target, 'liked by all', { at: t0 });
    double.submit([cast]);
    for (const fan of fans) double.submit([await f.linkAdd(fan, target, { at: t0 + 1 }), await f.reactionAdd(fan, ReactionType.LIKE, castId(cast), { at: t0 + 2 })]);
    const counts = async () => {
      const u = await a.user(target);
      const following = await Promise.all(fans.map(async (fan) => (await a.user(fan)).stats.following));
      return { followers: await a.followersTotal(target), likes: u.likesCount, posts: u.stats.posts, following };
    };
    const expected = { followers: 5, likes: 5, posts: 1, following: [1, 1, 1, 1, 1] };
    await waitForEqual('the counts with every event delivered twice', counts, expected);
    await engine.flushed();
    await staysEqual(counts, expected, 300);

    // The same events again: the cursor goes back to the start and a new engine replays everything.
    await rig.stopEngine(engine);
    double.duplicateDelivery(false);
    await rig.sql.exec('UPDATE sync_cursor SET event_id = 0, block_number = 0');
    await rig.engine();
    const heads = rig.nodeHeads();
    await waitForEqual('the cursors back at the node\'s heads', () => rig.cursors(), heads);
    expect(await counts()).toEqual(expected);
    expect((await a.rest(`/api/farcaster/followers/${target}`)).total).toBe(5);
  });
});
