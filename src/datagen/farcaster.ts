// Farcaster tables, in dependency order: identities, the follow graph, then
// casts and the reactions that target them.
import { iso } from './clock';
import { openTable, type GenContext } from './context';
import { writeCasts, writeReactions } from './farcaster-casts';
import { writeFarcasterUsers } from './farcaster-users';
import { generateFollows } from './follows';
import { buildPopulation } from './population';
import { Rng } from './random';
import { plantFarcasterSpam, type Label } from './spam';

/** Farcaster mainnet-era fids start in late 2021; sign-ups accelerate from there. */
const FIRST_REGISTRATION_MS = Date.UTC(2021, 9, 1);

export async function writeFarcaster(ctx: GenContext, users: number): Promise<Label[]> {
  const pop = buildPopulation(ctx.seed, 'farcaster', users, FIRST_REGISTRATION_MS);
  await writeFarcasterUsers(ctx, pop);

  const links = openTable(ctx, 'farcaster/links', ['fid', 'target_fid', 'type', 'timestamp', 'deleted_at']);
  await generateFollows(
    pop,
    new Rng(ctx.seed, 'farcaster:links'),
    { meanDegree: ctx.volumes.followsPerUser, unfollowRate: 0.05, otherRate: 0.01 },
    (fid, target, ms, deletedMs, other) =>
      links.writer.line(`${fid},${target},${other ? 'block' : 'follow'},${iso(ms)},${deletedMs ? iso(deletedMs) : ''}`),
  );
  await links.close();

  const casts = await writeCasts(ctx, pop);
  await writeReactions(ctx, pop, casts);
  // After the network, so every row above is as it was before spam was planted.
  return plantFarcasterSpam(ctx, pop, casts);
}
