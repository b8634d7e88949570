// What Snapchain's newer messages carry, from the node double: a long cast (up to 1,024 bytes) with
// four embeds, the quoted cast last of them, and a 10k cast, whose whole texts answer and whose quote
// counts; the PROFILE_TOKEN and LIVE_AT user data, which answer on the user and can be cleared; Pro
// tier purchases on chain, live and by backfill, whose expiry stacks as the node's rule says.
import { CastType, UserDataType } from '@farcaster/hub-nodejs';
import { gql } from 'graphql-request';
import { farcasterSeconds, idRegisterEvent, tierPurchaseEvent } from '../helpers/hub-double/message-factory';
import { LiveRig } from '../helpers/sync-rig';
import { waitForEqual } from '../helpers/sync-wait';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let rig: LiveRig;

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });
beforeEach(async () => { rig = await new LiveRig(server).open(); });
afterEach(async () => { await rig.close(); });

const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;

describe('live sync: newer message shapes', () => {
  it('stores the whole text of a long and a 10k cast, and a quote in the fourth embed counts', async () => {
    const { double, f, answers: a } = rig;
    await rig.engine();
    await rig.register(501, 502);
    const t0 = farcasterSeconds() - 100;
    const quoted = await f.castAdd(502, 'the quoted one', { at: t0 });
    const longText = `${'long cast, '.repeat(90)}end`;
    const tenKText = `${'a ten thousand byte cast '.repeat(399)}end.`;
    expect([Buffer.byteLength(longText) > 320, Buffer.byteLength(longText) <= 1024, Buffer.byteLength(tenKText) > 9_000]).toEqual([true, true, true]);
    const long = await f.castAdd(501, longText, {
      at: t0 + 1, type: CastType.LONG_CAST,
      embeds: [{ url: 'https://a.example/1' }, { url: 'https://a.example/2' }, { url: 'https://a.example/3' }, { castId: { fid: 502, hash: quoted.hash } }],
    });
    const tenK = await f.castAdd(501, tenKText, { at: t0 + 2, type: CastType.TEN_K_CAST });
    double.submit([quoted, long, tenK]);

    await waitForEqual('501\'s posts', async () => (await a.user(501)).stats.posts, 2);
    const casts = await a.rest('/api/farcaster/casts/501');
    const texts = new Map(casts.casts.map((c: { hash: string; text: string }) => [c.hash, c.text]));
    expect([texts.get(hex(long.hash)), texts.get(hex(tenK.hash))]).toEqual([longText, tenKText]);
    const quotedCast = (await a.user(502)).casts.edges.find((e) => e.node.hash === hex(quoted.hash))?.node;
    expect(quotedCast?.quotes).toBe(1);
  });

  it('a profile token and a live-at value answer on the user as set, and an empty value clears them', async () => {
    const { double, f } = rig;
    await rig.engine();
    await rig.register(511);
    const t0 = farcasterSeconds() - 100;
    const token = 'eip155:8453/erc20:0x4ed4e862860bed51a9570b96d89af5e1b0efefed';
    const PROFILE = gql`query ($fid: Int!) { farcasterUser(fid: $fid) { profileToken liveAt } }`;
    const profile = async () => (await server.gql.request<{ farcasterUser: { profileToken: string | null; liveAt: string | null } }>(PROFILE, { fid: 511 })).farcasterUser;
    expect(await profile()).toEqual({ profileToken: null, liveAt: null });
    double.submit([
      await f.userDataAdd(511, UserDataType.PROFILE_TOKEN, token, { at: t0 }),
      await f.userDataAdd(511, UserDataType.LIVE_AT, 'https://stream.example/511', { at: t0 }),
    ]);
    await waitForEqual('the token and live-at', profile, { profileToken: token, liveAt: 'https://stream.example/511' });
    double.submit([await f.userDataAdd(511, UserDataType.LIVE_AT, '', { at: t0 + 1 })]);
    await waitForEqual('live-at cleared', profile, { profileToken: token, liveAt: null });
  });

  const DAY = 86_400_000;
  const PRO = gql`query ($fids: [Int!]!) { farcasterUsers(fids: $fids) { fid isPro proExpiresAt } }`;
  const pro = async (fids: number[]) => (await server.gql.request<{ farcasterUsers: { fid: number; isPro: boolean; proExpiresAt: string | null }[] }>(PRO, { fids })).farcasterUsers;
  /** The node's rule, step by step: each purchase (in order) extends from the later of its time and the expiry so far. */
  const expiryOf = (purchases: { at: number; days: number }[]) => purchases.reduce((ends, p) => Math.max(p.at, ends) + p.days * DAY, 0);
  const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;

  it('Pro purchases stack as the node stacks them: each from the later of its time and the end before it', async () => {
    const { double } = rig;
    await rig.engine();
    await rig.register(521, 522, 523);
    const now = Date.now();
    const stacked = [{ at: seconds(now - 40 * DAY), days: 30 }, { at: seconds(now - 5 * DAY), days: 30 }, { at: seconds(now - 2 * DAY), days: 10 }];
    const lapsed = [{ at: seconds(now - 400 * DAY), days: 365 }];
    for (const p of stacked) double.onChain(tierPurchaseEvent({ fid: 521, forDays: p.days, at: new Date(p.at) }));
    for (const p of lapsed) double.onChain(tierPurchaseEvent({ fid: 522, forDays: p.days, at: new Date(p.at) }));
    const expected = [
      { fid: 521, isPro: true, proExpiresAt: new Date(expiryOf(stacked)).toISOString() },
      { fid: 522, isPro: false, proExpiresAt: new Date(expiryOf(lapsed)).toISOString() },
      { fid: 523, isPro: false, proExpiresAt: null },
    ];
    // The third purchase starts where the second ends, not at its own time.
    expect(expiryOf(stacked)).toBe(stacked[1].at + 30 * DAY + 10 * DAY);
    await waitForEqual('Pro of 521..523', () => pro([521, 522, 523]), expected);
  });

  it('a backfill reads a fid\'s Pro purchases from the node', async () => {
    const { double } = rig;
    double.onChain(idRegisterEvent({ fid: 531 }));
    const purchase = { at: seconds(Date.now() - DAY), days: 30 };
    double.onChain(tierPurchaseEvent({ fid: 531, forDays: purchase.days, at: new Date(purchase.at) }));
    await rig.engine({ backfill: 'auto' });
    await waitForEqual('Pro of 531 after the backfill', async () => pro([531]).catch(() => []),
      [{ fid: 531, isPro: true, proExpiresAt: new Date(expiryOf([purchase])).toISOString() }]);
  });
});
