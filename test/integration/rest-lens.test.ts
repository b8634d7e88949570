// Lens REST routes on the api-basic fixture (answers in its README).
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => { s = await startTestServer({ fixture: 'api-basic' }); });
afterAll(async () => { await s.close(); });

describe('Lens REST', () => {
  it('when a profile is asked, then it has exactly the legacy profile fields', async () => {
    const { status, body } = await s.rest('/api/lens/profile/0x01');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['profileId', 'totalFollowers', 'totalFollowing', 'score', 'name', 'profilePic', 'lastUpdated', 'active']);
    expect(body).toMatchObject({ profileId: '0x01', totalFollowers: 2, totalFollowing: 1, score: 0.9, name: 'Stani', profilePic: 'https://img.example/stani.png', active: true });
    expect(body.lastUpdated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(new Date(body.lastUpdated).getTime()).toBeGreaterThanOrEqual(Date.parse('2024-06-01T00:00:00Z'));
  });

  it('when the id is written differently, then it is the same profile, answered canonical', async () => {
    for (const id of ['0x1', '0x0001', '0X01']) {
      const { body } = await s.rest(`/api/lens/profile/${id}`);
      expect(body.profileId).toBe('0x01');
    }
  });

  it('when a profile has no name, then the handle, else the id; score 0 without a classifier score', async () => {
    expect((await s.rest('/api/lens/profile/0x02')).body).toMatchObject({ name: 'lensy', score: 0, profilePic: null, active: true, totalFollowers: 1 });
    expect((await s.rest('/api/lens/profile/0x03')).body).toMatchObject({ name: '0x03', active: false });
    expect((await s.rest('/api/lens/profile/0x04')).body).toMatchObject({ active: false, totalFollowing: 0 });
  });

  it('when the profile does not exist, then 404; when the id is not hex, then 400', async () => {
    expect(await s.rest('/api/lens/profile/0x99')).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Lens profile 0x99 not found', error: 'Not Found' } });
    const bad = await s.rest('/api/lens/profile/stani');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Lens profile id/);
  });

  it('when follower counts are asked for ids, then one item per distinct id, canonical, unknown as 0', async () => {
    const { status, body } = await s.rest('/api/lens/followersCount?ids=0x1,0x02&ids=0x01,0xff');
    expect(status).toBe(200);
    expect(body).toEqual([
      { profileId: '0x01', followersCount: 2 }, { profileId: '0x02', followersCount: 1 }, { profileId: '0xff', followersCount: 0 },
    ]);
  });

  it('when ids are missing or malformed, then 400', async () => {
    expect((await s.rest('/api/lens/followersCount')).status).toBe(400);
    expect((await s.rest('/api/lens/followersCount?ids=0x01,nothex')).status).toBe(400);
  });

  it('when total followers are asked, then the current count', async () => {
    expect((await s.rest('/api/lens/followers/total/0x1')).body).toEqual({ profileId: '0x01', totalFollowers: 2 });
  });
});
