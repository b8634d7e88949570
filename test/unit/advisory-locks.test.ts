// No two roles share an advisory lock id, and every lock the source takes comes from the registry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ADVISORY_LOCKS } from '../../src/db/advisory-locks';

const SRC = path.join(__dirname, '..', '..', 'src');
const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
  const p = path.join(dir, name);
  return statSync(p).isDirectory() ? (name === 'generated' ? [] : files(p)) : p.endsWith('.ts') ? [p] : [];
});

describe('advisory locks', () => {
  it('when the registry is read, then every id is its own', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('when the source names a lock id, then only the registry writes it as a number', () => {
    const literal = /\b(?:7_?340_?4\d\d|72_?707_?369)\b/;
    const writers = files(SRC).filter((f) => literal.test(readFileSync(f, 'utf8'))).map((f) => path.relative(SRC, f));
    expect(writers).toEqual([path.join('db', 'advisory-locks.ts')]);
  });
});
