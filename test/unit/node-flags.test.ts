// The service's V8 heap flags live in package.json's start script; the Docker
// image and the throughput bench take them from there (docs/performance.md#embedded-memory).
import { spawnSync } from 'node:child_process';
import { startScriptNodeFlags } from '../../scripts/bench/throughput-processes';

const heapLimitMiB = (flags: string[]) => {
  const res = spawnSync(process.execPath, [...flags, '-p', "require('v8').getHeapStatistics().heap_size_limit / 2 ** 20"], { encoding: 'utf8' });
  return { status: res.status, stderr: res.stderr, limit: Number(res.stdout) };
};

describe('the service\'s Node flags', () => {
  const flags = startScriptNodeFlags();

  it('when npm start runs the service, then it bounds the young generation and grows the old one by at most half its live size', () => {
    expect(flags).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=\d+$/), expect.stringMatching(/^--heap-growing-percent=\d+$/)]));
    // No hard old-space limit: a larger live heap (a big import through the admin socket) must slow down, not abort.
    expect(flags.some((f) => f.startsWith('--max-old-space-size'))).toBe(false);
  });

  it('when Node starts with them, then it accepts every flag and V8 applies the smaller young generation', () => {
    const withFlags = heapLimitMiB(flags);
    expect(withFlags).toMatchObject({ status: 0, stderr: '' });
    expect(withFlags.limit).toBeLessThan(heapLimitMiB([]).limit);
  });
});
