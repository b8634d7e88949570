// Lens tables, in dependency order: profiles, the follow graph, publications,
// then reactions and open-action records that target publications.
import { bigQueryTs } from './clock';
import { openTable, type GenContext } from './context';
import { generateFollows } from './follows';
import { lensIdVariant } from './ids';
import { writeActedRecords, writeLensReactions } from './lens-actions';
import { writeLensProfiles } from './lens-profiles';
import { writePublications } from './lens-publications';
import { buildPopulation } from './population';
import { Rng } from './random';
import type { PriceBook } from './tokens';
import { plantLensSpam, type Label } from './spam';

/** Lens Protocol launched on Polygon in May 2022. */
const FIRST_REGISTRATION_MS = Date.UTC(2022, 4, 16);

export async function writeLens(ctx: GenContext, profiles: number, farcasterUsers: number, prices: PriceBook): Promise<Label[]> {
  const pop = buildPopulation(ctx.seed, 'lens', profiles, FIRST_REGISTRATION_MS);
  await writeLensProfiles(ctx, pop, farcasterUsers);

  const followers = openTable(ctx, 'lens/profile_follower', ['profile_id', 'profile_follower_id', 'block_timestamp', 'deleted_at']);
  const rng = new Rng(ctx.seed, 'lens:followers');
  await generateFollows(
    pop,
    rng,
    { meanDegree: ctx.volumes.followsPerUser, unfollowRate: 0.05, otherRate: 0 },
    // Some ids unpadded or uppercase (0x1, 0x0A): exports are not canonical.
    (follower, target, ms, deletedMs) =>
      followers.writer.line(`${lensIdVariant(rng, target)},${lensIdVariant(rng, follower)},${bigQueryTs(ms)},${deletedMs ? bigQueryTs(deletedMs) : ''}`),
  );
  await followers.close();

  const pubs = await writePublications(ctx, pop);
  await writeLensReactions(ctx, pop, pubs);
  await writeActedRecords(ctx, pop, pubs, prices);
  return plantLensSpam(ctx, pop, pubs);
}
