// Farcaster identities in one pass over fids: fids, fnames, user_data and
// verifications are written side by side so a user's fname (needed again as
// user_data type 6) never has to be stored.
import { END_MS, LAST_EVENT_MS, deletedAfter, iso, soonAfter } from './clock';
import { openTable, type GenContext } from './context';
import { csvField } from './csv-writer';
import { mixedCase } from './ids';
import {
  custodyAddress, ethVerificationAddress, ethVerificationCount, solanaAddress, verificationDeleted,
} from './identity';
import { NameAllocator, displayName } from './names';
import type { Population } from './population';
import { Rng, hashHex, strHash } from './random';
import { generateBio } from './text';

const D_MEDIA = strHash('farcaster-media');

/** user_data types (Farcaster UserDataType). */
const PFP = 1;
const DISPLAY = 2;
const BIO = 3;
const URL = 5;
const USERNAME = 6;
const BANNER = 10;

function pfpUrl(seed: number, fid: number, version: number): string {
  const id = hashHex(seed, D_MEDIA, fid * 8 + version, 3);
  switch (id.charCodeAt(0) % 3) {
    case 0: return `https://i.imgur.com/${id.slice(0, 7)}.jpg`;
    case 1: return `https://imagedelivery.net/BXluQx4ige9GuW0Ia56BHw/${id}/original`;
    default: return `https://ipfs.decentralized-content.com/ipfs/bafkrei${id}`;
  }
}

export async function writeFarcasterUsers(ctx: GenContext, pop: Population): Promise<void> {
  const { seed } = ctx;
  const rng = new Rng(seed, 'farcaster:users');
  const names = new NameAllocator(seed, '-', 16);
  const fids = openTable(ctx, 'farcaster/fids', ['fid', 'registered_at', 'custody_address']);
  const fnames = openTable(ctx, 'farcaster/fnames', ['fid', 'fname', 'deleted_at']);
  const userData = openTable(ctx, 'farcaster/user_data', ['fid', 'type', 'value', 'timestamp', 'deleted_at']);
  const verifs = openTable(ctx, 'farcaster/verifications', ['fid', 'address', 'protocol', 'timestamp', 'deleted_at']);

  for (let fid = 1; fid <= pop.n; fid++) {
    const reg = pop.regMs[fid];
    const pending: (Promise<void> | undefined)[] = [];
    const ud = (type: number, value: string, ms: number, deletedMs = 0): void => {
      pending.push(userData.writer.line(`${fid},${type},${csvField(value)},${iso(ms)},${deletedMs ? iso(deletedMs) : ''}`));
    };

    pending.push(fids.writer.line(`${fid},${iso(reg)},${custodyAddress(seed, fid)}`));

    // ~1% renamed: the old fname row is deleted at the rename, the old username row is older.
    const name = names.next(rng);
    const usernameMs = soonAfter(rng, reg, LAST_EVENT_MS);
    if (rng.chance(0.01)) {
      const oldName = names.next(rng);
      const renamedMs = Math.min(END_MS, usernameMs + 1000);
      pending.push(fnames.writer.line(`${fid},${oldName},${iso(renamedMs)}`));
      ud(USERNAME, oldName, reg);
      ud(USERNAME, name, renamedMs);
    } else {
      ud(USERNAME, name, usernameMs);
    }
    pending.push(fnames.writer.line(`${fid},${name},`));

    // Profile fields; some users changed one later (two rows, newest wins), in either row order.
    const fields: [number, () => string][] = [];
    if (rng.chance(0.95)) fields.push([PFP, () => pfpUrl(seed, fid, rng.int(8))]);
    if (rng.chance(0.9)) fields.push([DISPLAY, () => displayName(rng, name)]);
    if (rng.chance(0.7)) fields.push([BIO, () => generateBio(rng)]);
    if (rng.chance(0.25)) fields.push([URL, () => `https://${name}.${rng.pick(['xyz', 'com', 'dev', 'io'])}`]);
    if (rng.chance(0.15)) fields.push([BANNER, () => `https://i.imgur.com/banner${hashHex(seed, D_MEDIA, fid, 1)}.png`]);
    const changed = fields.length && rng.chance(0.1) ? rng.int(fields.length) : -1;
    fields.forEach(([type, value], k) => {
      const ms = soonAfter(rng, reg, LAST_EVENT_MS);
      // A few users cleared their url: the row is deleted.
      const deleted = type === URL && rng.chance(0.02) ? deletedAfter(rng, ms) : 0;
      if (k !== changed) return ud(type, value(), ms, deleted);
      const newer = soonAfter(rng, ms + 1000, LAST_EVENT_MS);
      const rows: [string, number][] = [[value(), ms], [value(), newer]];
      if (rng.chance(0.5)) rows.reverse();
      for (const [v, t] of rows) ud(type, v, t);
    });

    // Verified addresses: which fid verified what is a pure function (Lens reuses some).
    const count = ethVerificationCount(seed, fid);
    for (let slot = 0; slot < count; slot++) {
      const lower = ethVerificationAddress(seed, fid, slot);
      const address = rng.chance(0.25) ? mixedCase(lower, seed) : lower;
      const ms = soonAfter(rng, reg, LAST_EVENT_MS);
      const del = verificationDeleted(seed, fid, slot) ? iso(deletedAfter(rng, ms)) : '';
      pending.push(verifs.writer.line(`${fid},${address},ethereum,${iso(ms)},${del}`));
    }
    const sol = solanaAddress(seed, fid);
    if (sol) {
      const ms = soonAfter(rng, reg, LAST_EVENT_MS);
      const del = verificationDeleted(seed, fid, 2) ? iso(deletedAfter(rng, ms)) : '';
      pending.push(verifs.writer.line(`${fid},${sol},solana,${iso(ms)},${del}`));
    }

    for (const p of pending) if (p) await p;
  }
  await Promise.all([fids.close(), fnames.close(), userData.close(), verifs.close()]);
}
