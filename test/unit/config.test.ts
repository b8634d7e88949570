import { DEFAULT_MAX_WORK } from '../../src/analytics/personalized-rank';
import { ConfigError, loadConfig } from '../../src/config/load-config';

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

  it('when DATABASE_URL is empty, then the embedded database is used', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
