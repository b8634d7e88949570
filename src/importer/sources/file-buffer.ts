// hyparquet reads byte ranges through an AsyncBuffer. This one reads each range
// from one open file handle, so a file is never held in memory whole: only the
// footer and the column chunks of the row group being decoded.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

export interface FileBuffer {
  byteLength: number;
  slice(start: number, end?: number): Promise<ArrayBuffer>;
  close(): Promise<void>;
}

export async function openFileBuffer(file: string): Promise<FileBuffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    return { byteLength: size, slice: (start, end = size) => readRange(handle, start, Math.min(end, size)), close: () => handle.close() };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

async function readRange(handle: FileHandle, start: number, end: number): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(end - start, 0));
  let done = 0;
  while (done < bytes.length) {
    const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
    if (bytesRead === 0) throw new Error(`unexpected end of file at byte ${start + done}`);
    done += bytesRead;
  }
  return bytes.buffer;
}
