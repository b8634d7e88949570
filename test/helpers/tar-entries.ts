// A tar (ustar, as PGlite writes a data directory) filtered by entry name, without unpacking it.

const BLOCK = 512;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').replace(/\0.*$/s, '');

/** The tar with the entries whose path `drop` names left out; the rest byte for byte, in order. */
export function tarWithout(tar: Uint8Array, drop: (path: string) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const name = text(header.subarray(0, 100));
    const prefix = text(header.subarray(345, 500));
    const size = parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new Error(`the tar is cut inside ${name}`);
    if (!drop(prefix ? `${prefix}/${name}` : name)) kept.push(tar.subarray(at, end));
    at = end;
  }
  // Two empty blocks end a tar.
  kept.push(new Uint8Array(2 * BLOCK));
  return Buffer.concat(kept);
}
