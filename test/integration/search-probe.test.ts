import { startTestServer, type TestServer } from '../helpers/test-server';
import { BUMP_DATA_VERSION_SQL } from '../../src/repositories/protocols.sql';

const U = `query($q: String!, $p: Protocol, $m: Float, $first: Int, $after: String) { searchUsers(query: $q, protocol: $p, minQuality: $m, first: $first, after: $after) {
  totalCount edges { cursor node { nativeId  } match { protocol field name kind similarity trust score } } pageInfo { hasNextPage endCursor } } }`;
const P = `query($q: String!, $p: Protocol, $first: Int, $after: String) { searchPosts(query: $q, protocol: $p, first: $first, after: $after) {
  totalCount edges { node { __typename ... on FarcasterCast { hash } ... on LensPublication { publicationId } } match { protocol text highlight relevance engagement score author { nativeId } } } } }`;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ fixture: 'search' });
  const sql = s.testDb.db.sql;
  await sql.query(`SELECT 1`);
  await sql.exec?.(BUMP_DATA_VERSION_SQL);
}, 120_000);
afterAll(async () => { await s?.close(); });

it('probe', async () => {
  for (const q of ['vitalik', 'vitalk', 'jes', 'stan', 'jesse.base.eth', 'eth']) console.log(q, JSON.stringify((await s.gql.request<any>(U, { q })).searchUsers, null, 0));
  for (const q of ['rollups', '"rollups help"', 'help rollups', '"help rollups"', '$DEGEN', 'degen', '@vitalik', '@stani']) console.log(q, JSON.stringify((await s.gql.request<any>(P, { q })).searchPosts, null, 0));
});
