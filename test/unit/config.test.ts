import os from 'node:os';
import { DEFAULT_MAX_WORK } from '../../src/analytics/personalized-rank';
import { ConfigError, loadConfig } from '../../src/config/load-config';
import { availableMemoryBytes, defaultRankMaxEdges } from '../../src/config/memory-budget';

describe('configuration', () => {
  it('when nothing is set, then the documented defaults apply', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 4000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
  });

  it('when a value is malformed, then start-up fails with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('when the personalized rank\'s work cap is not set, then it is the algorithm\'s own default; out of range, start-up fails naming it', () => {
    expect(loadConfig({}).PERSONALIZED_RANK_MAX_WORK).toBe(DEFAULT_MAX_WORK);
    expect(loadConfig({ PERSONALIZED_RANK_MAX_WORK: '1500000' }).PERSONALIZED_RANK_MAX_WORK).toBe(1_500_000);
    expect(() => loadConfig({ PERSONALIZED_RANK_MAX_WORK: '10' })).toThrow(/PERSONALIZED_RANK_MAX_WORK/);
  });

  it('when the personalized rank\'s graph bound is not set, then it is the follows whose 16-byte load fits in an eighth of the memory; set, it is what is set', () => {
    expect(loadConfig({}).PERSONALIZED_RANK_MAX_EDGES).toBe(defaultRankMaxEdges(availableMemoryBytes()));
    expect(defaultRankMaxEdges(512 * 2 ** 20)).toBe(4_194_304);
    expect(defaultRankMaxEdges(24 * 2 ** 30)).toBe(201_326_592);
    expect(defaultRankMaxEdges(2 ** 40)).toBe(500_000_000);
    expect(loadConfig({ PERSONALIZED_RANK_MAX_EDGES: '0' }).PERSONALIZED_RANK_MAX_EDGES).toBe(0);
    expect(loadConfig({ PERSONALIZED_RANK_MAX_EDGES: '10000000' }).PERSONALIZED_RANK_MAX_EDGES).toBe(10_000_000);
    expect(() => loadConfig({ PERSONALIZED_RANK_MAX_EDGES: '-1' })).toThrow(/PERSONALIZED_RANK_MAX_EDGES/);
  });

  it('when the process runs, then the memory it counts on is positive and at most the machine\'s', () => {
    const bytes = availableMemoryBytes();
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(os.totalmem());
  });

  it('when DATABASE_URL is empty, then the embedded database is used', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
