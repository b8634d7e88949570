// A generated `tiny` dataset (500 profiles per protocol, every table the importer
// reads), for tests that compare stored aggregates with a direct count over data
// too varied to list by hand. Generated once per seed and test process; `without`
// copies it less some files, so a later import can bring them in as new data.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDataset } from '../../src/datagen/generate';

const generated = new Map<number, Promise<string>>();
const made: string[] = [];

export function tinyDataset(seed: number): Promise<string> {
  let dir = generated.get(seed);
  if (!dir) {
    dir = mkdtemp(path.join(tmpdir(), `sga-tiny-${seed}-`)).then(async (out) => {
      made.push(out);
      await generateDataset({ out, scale: 'tiny', seed });
      return out;
    });
    generated.set(seed, dir);
  }
  return dir;
}

/** A copy of the seed's dataset without the files at these paths (relative to it, e.g. `tokens/prices.csv`). */
export async function tinyDatasetWithout(seed: number, files: readonly string[]): Promise<string> {
  const source = await tinyDataset(seed);
  const out = await mkdtemp(path.join(tmpdir(), `sga-tiny-${seed}-part-`));
  made.push(out);
  await cp(source, out, { recursive: true, filter: (f) => !files.includes(path.relative(source, f)) });
  return out;
}

/** Removes every folder made by this process. */
export async function removeTinyDatasets(): Promise<void> {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  generated.clear();
}
