import { EdgeBuffer } from '../../src/analytics/follow-edges';

const fill = (b: EdgeBuffer, n: number) => { for (let i = 0; i < n; i++) b.push(i, i + 1); };

describe('EdgeBuffer', () => {
  it('when the follows are as many as expected, then the columns are allocated once at that length and handed over without a copy', () => {
    const b = new EdgeBuffer(3000);
    expect(b.capacity).toBe(3000);
    fill(b, 3000);
    expect(b.capacity).toBe(3000);
    const { from, to } = b.finish();
    expect(from.buffer.byteLength).toBe(3000 * 4);
    expect(Array.from(from.subarray(2997))).toEqual([2997, 2998, 2999]);
    expect(Array.from(to.subarray(0, 3))).toEqual([1, 2, 3]);
  });

  it('when more follows come than expected, then the columns grow by a sixteenth (at least 1,024), not double, and are cut to their length', () => {
    const b = new EdgeBuffer(32_768);
    fill(b, 32_769);
    expect(b.capacity).toBe(32_768 + 2_048);
    const small = new EdgeBuffer(10);
    fill(small, 11);
    expect(small.capacity).toBe(10 + 1_024);
    const { from, to } = b.finish();
    expect(from).toHaveLength(32_769);
    expect(from.buffer.byteLength).toBe(32_769 * 4);
    expect(to[32_768]).toBe(32_769);
  });

  it('when nothing is expected, then the columns start at 1,024 and double', () => {
    const b = new EdgeBuffer();
    expect(b.capacity).toBe(1024);
    fill(b, 1025);
    expect(b.capacity).toBe(2048);
    const { from } = b.finish();
    expect(from).toHaveLength(1025);
    expect(from.buffer.byteLength).toBe(1025 * 4);
  });
});
