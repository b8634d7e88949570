// Lens profiles in one pass: profile_record, profile_metadata,
// namespace_handle and machine_learning_quality_profiles side by side (the
// handle feeds the display name without being stored).
import { LAST_EVENT_MS, bigQueryTs, soonAfter } from './clock';
import { openTable, type GenContext } from './context';
import { csvField } from './csv-writer';
import { base58, lensId, mixedCase } from './ids';
import { lensOwnerAddress } from './identity';
import { NameAllocator, displayName } from './names';
import type { Population } from './population';
import { Rng, hashHex, strHash } from './random';
import { generateBio } from './text';

const D_PICTURE = strHash('lens-picture');

function pictureUri(seed: number, profile: number, version: number): string {
  const id = profile * 4 + version;
  return hashHex(seed, D_PICTURE, id, 1).charCodeAt(0) % 3
    ? `ipfs://Qm${base58(seed, D_PICTURE, id, 44)}`
    : `https://ik.imagekit.io/lens/media-snapshot/${hashHex(seed, D_PICTURE, id, 4)}.png`;
}

export async function writeLensProfiles(ctx: GenContext, pop: Population, farcasterUsers: number): Promise<void> {
  const { seed } = ctx;
  const rng = new Rng(seed, 'lens:profiles');
  const names = new NameAllocator(seed, '_', 26);
  const records = openTable(ctx, 'lens/profile_record', ['profile_id', 'owned_by', 'is_burnt', 'block_timestamp']);
  const metadata = openTable(ctx, 'lens/profile_metadata', ['profile_id', 'name', 'bio', 'picture', 'cover_picture', 'block_timestamp']);
  const handles = openTable(ctx, 'lens/namespace_handle', ['profile_id', 'local_name']);
  const quality = openTable(ctx, 'lens/machine_learning_quality_profiles', ['profile_id', 'score']);

  for (let p = 1; p <= pop.n; p++) {
    const id = lensId(p);
    const reg = pop.regMs[p];
    const pending: (Promise<void> | undefined)[] = [];
    const owner = lensOwnerAddress(seed, p, farcasterUsers);
    // BigQuery holds checksummed owners: mixed case, unlike most Farcaster verification rows.
    const ownedBy = rng.chance(0.5) ? mixedCase(owner, seed + 1) : owner;
    pending.push(records.writer.line(`${id},${ownedBy},${rng.chance(0.005) ? 'true' : 'false'},${bigQueryTs(reg)}`));

    const handle = names.next(rng);
    pending.push(handles.writer.line(`${id},${handle}`));

    if (rng.chance(0.92)) {
      const versions = rng.chance(0.12) ? 2 : 1;
      const rows: string[] = [];
      let ms = soonAfter(rng, reg, LAST_EVENT_MS);
      for (let v = 0; v < versions; v++) {
        const name = rng.chance(0.9) ? displayName(rng, handle) : '';
        const picture = rng.chance(0.9) ? pictureUri(seed, p, v) : '';
        const cover = rng.chance(0.4) ? `ipfs://bafybei${hashHex(seed, D_PICTURE, p * 4 + v + 2, 6)}` : '';
        rows.push(`${id},${csvField(name)},${csvField(generateBio(rng))},${picture},${cover},${bigQueryTs(ms)}`);
        ms = soonAfter(rng, ms + 1000, LAST_EVENT_MS);
      }
      if (rng.chance(0.5)) rows.reverse(); // newest wins by timestamp, not by row order
      for (const r of rows) pending.push(metadata.writer.line(r));
    }

    if (rng.chance(0.8)) {
      const u = rng.float();
      pending.push(quality.writer.line(`${id},${Math.pow(u, 0.8).toFixed(4)}`));
    }
    for (const w of pending) if (w) await w;
  }
  await Promise.all([records.close(), metadata.close(), handles.close(), quality.close()]);
}
