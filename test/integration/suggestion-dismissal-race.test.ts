// The bound on one viewer's dismissals holds when dismissals arrive at once: each
// counts the rows only after the one before it committed.
import { randomUUID } from 'node:crypto';
import { storeDismissal } from '../../src/queries/suggestion-dismissals';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(() => t.close());

describe('dismissals at once', () => {
  it('when ten dismissals of one viewer race with room for three, then three are stored and the others refused', async () => {
    const key = { apiKeyId: randomUUID(), protocol: 'farcaster', viewer: '1' };
    const states = await Promise.all(Array.from({ length: 10 }, (_, i) => storeDismissal(t.db.sql, key, String(100 + i), 3)));
    expect(states.filter((s) => s.dismissedAt !== null)).toHaveLength(3);
    expect(states.every((s) => s.count <= 3)).toBe(true);
    const [{ n }] = await t.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM suggestion_dismissal WHERE api_key_id = $1', [key.apiKeyId]);
    expect(n).toBe(3);
  });

  it('when another viewer of the same key dismisses meanwhile, then each viewer has its own room', async () => {
    const apiKeyId = randomUUID();
    const states = await Promise.all(['1', '2'].flatMap((viewer) =>
      Array.from({ length: 4 }, (_, i) => storeDismissal(t.db.sql, { apiKeyId, protocol: 'farcaster', viewer }, String(200 + i), 2))));
    expect(states.filter((s) => s.dismissedAt !== null)).toHaveLength(4);
  });
});
