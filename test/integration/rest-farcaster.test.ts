// Farcaster REST routes on the api-basic fixture (answers in its README).
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

describe('Farcaster REST', () => {
  it('when a profile is asked by fid, then it has the legacy shape with exact stats', async () => {
    const { status, body } = await s.rest('/api/farcaster/user/profile/1');
    expect(status).toBe(200);
    expect(body).toEqual({
      fid: 1,
      handle: { localName: 'alice' },
      metadata: {
        coverPicture: { optimized: { uri: 'https://img.example/alice-cover.png' } },
        displayName: 'Alice A',
        picture: { raw: { uri: 'https://img.example/alice.png' } },
        bio: 'builder of things',
      },
      stats: { followers: 4, following: 2, lensClassifierScore: null, posts: 2 },
    });
  });

  it('when a profile has no metadata, then the nested objects are null rather than empty uris', async () => {
    const { body } = await s.rest('/api/farcaster/user/profile/3');
    expect(body.handle).toEqual({ localName: 'bob' });
    expect(body.metadata).toEqual({ coverPicture: null, displayName: null, picture: null, bio: null });
    expect(body.stats).toEqual({ followers: 1, following: 2, lensClassifierScore: null, posts: 0 });
  });

  it('when the fid is unknown, then 404 with the NestJS body', async () => {
    const { status, body } = await s.rest('/api/farcaster/user/profile/999');
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, message: 'Farcaster user 999 not found', error: 'Not Found' });
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('when the fid is %s, then 400 naming the rule', async (fid) => {
    const { status, body } = await s.rest(`/api/farcaster/user/profile/${fid}`);
    expect(status).toBe(400);
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toMatch(/fid|Int/);
  });

  it('when profiles are asked by handle, then the exact username comes first, then prefixes by followers', async () => {
    const { status, body } = await s.rest('/api/farcaster/user/profiles/al');
    expect(status).toBe(200);
    expect(body.map((p: { fid: number }) => p.fid)).toEqual([4, 1, 2]);
    expect(Object.keys(body[0])).toEqual(['fid', 'handle', 'metadata', 'stats']);
    const upper = await s.rest('/api/farcaster/user/profiles/ALICE');
    expect(upper.body.map((p: { fid: number }) => p.fid)).toEqual([1]);
  });

  it('when no username matches the handle, then 200 []', async () => {
    expect(await s.rest('/api/farcaster/user/profiles/zzz')).toMatchObject({ status: 200, body: [] });
  });

  it('when a handle has LIKE wildcards, then they match literally', async () => {
    expect((await s.rest('/api/farcaster/user/profiles/%25')).body).toEqual([]);
    expect((await s.rest('/api/farcaster/user/profiles/a_')).body).toEqual([]);
  });

  it('when likes are counted, then self-likes, deleted likes and likes on deleted casts are left out', async () => {
    const { status, body } = await s.rest('/api/farcaster/likes-count?fids=1,2,3');
    expect(status).toBe(200);
    expect(body).toEqual([{ fid: 1, likesCount: 4 }, { fid: 2, likesCount: 1 }, { fid: 3, likesCount: 0 }]);
  });

  it('when fids repeat or are unknown, then one item per distinct fid in request order, unknown as 0', async () => {
    const { body } = await s.rest('/api/farcaster/followersCount?fids=2&fids=1,2&fids=777');
    expect(body).toEqual([{ fid: 2, followersCount: 2 }, { fid: 1, followersCount: 4 }, { fid: 777, followersCount: 0 }]);
  });

  it('when the fids list is missing, empty, too long or malformed, then 400', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const q of ['', '?fids=', `?fids=${many}`, '?fids=1,x', '?fids=0']) {
      const { status, body } = await s.rest(`/api/farcaster/likes-count${q}`);
      expect([q, status]).toEqual([q, 400]);
      expect(body.message).toMatch(/fids|Int/);
    }
  });

  it('when profiles are asked by fids, then unknown fids are left out and order is kept', async () => {
    const { body } = await s.rest('/api/farcaster/user/profiles?fids=2,999,1');
    expect(body.map((p: { fid: number }) => p.fid)).toEqual([2, 1]);
  });

  it('when total followers are asked, then unfollows and self-follows do not count', async () => {
    expect((await s.rest('/api/farcaster/followers/total/1')).body).toEqual({ fid: 1, totalFollowers: 4 });
    expect((await s.rest('/api/farcaster/followers/total/999')).status).toBe(404);
  });
});
