// Lens publications in global time order (as casts): publication_record and
// publication_metadata are written together. Per publication only author,
// per-author sequence number and type are kept, enough to spell its id and
// to pick reaction/collect targets later.
import { LAST_EVENT_MS, WINDOW_START_MS, bigQueryTs, toSec } from './clock';
import { openTable, type GenContext } from './context';
import { csvField } from './csv-writer';
import { lensId, publicationId } from './ids';
import type { Population } from './population';
import { Rng, hashUnit, strHash } from './random';
import { generatePost } from './text';

const D_PUB_TIME = strHash('lens-publication-time');

export const PUB_TYPES = ['POST', 'COMMENT', 'MIRROR', 'QUOTE'] as const;
const POST = 0;
const MIRROR = 2;
const TYPE_WEIGHTS = [55, 20, 15, 10];
const FOCUS = ['TEXT_ONLY', 'IMAGE', 'VIDEO', 'LINK', 'ARTICLE', 'AUDIO', 'EMBED'];
const FOCUS_WEIGHTS = [60, 25, 5, 4, 3, 2, 1];

export interface PublicationStore {
  readonly count: number;
  readonly profile: Int32Array;
  readonly seq: Int32Array;
  /** Index into PUB_TYPES. */
  readonly type: Uint8Array;
  timeMs(i: number): number;
  id(i: number): string;
  isMirror(i: number): boolean;
}

export async function writePublications(ctx: GenContext, pop: Population): Promise<PublicationStore> {
  const { seed } = ctx;
  const rng = new Rng(seed, 'lens:publications');
  const count = Math.round(pop.n * ctx.volumes.lensPublicationsPerProfile);
  const profile = new Int32Array(count);
  const seq = new Int32Array(count);
  const type = new Uint8Array(count);
  const seqOf = new Int32Array(pop.n + 1);
  const lastTargetOf = new Int32Array(pop.n + 1).fill(-1);
  const store: PublicationStore = {
    count, profile, seq, type,
    timeMs: (i) => toSec(WINDOW_START_MS + (LAST_EVENT_MS - WINDOW_START_MS) * Math.sqrt((i + hashUnit(seed, D_PUB_TIME, i)) / count)),
    id: (i) => publicationId(profile[i], seq[i]),
    isMirror: (i) => type[i] === MIRROR,
  };

  /** An earlier non-mirror publication (mirrors cannot be commented, quoted or mirrored), or -1. */
  const parentFor = (i: number, author: number): number => {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (rng.chance(0.5)) {
        const a = pop.popularity.sample(rng);
        if (a !== author && lastTargetOf[a] >= 0) return lastTargetOf[a];
      } else {
        const u = rng.float();
        const j = i - 1 - Math.floor(u * u * Math.min(i, 2000));
        if (j >= 0 && type[j] !== MIRROR) return j;
      }
    }
    return -1;
  };

  const records = openTable(ctx, 'lens/publication_record', ['publication_id', 'profile_id', 'publication_type', 'parent_publication_id', 'block_timestamp', 'is_hidden']);
  const metadata = openTable(ctx, 'lens/publication_metadata', ['publication_id', 'content', 'main_content_focus', 'tags_vector']);
  let registered = 0;
  for (let i = 0; i < count; i++) {
    const ms = store.timeMs(i);
    while (registered < pop.n && pop.regMs[registered + 1] <= ms) registered++;
    const drawn = pop.activity.sample(rng, Math.max(1, registered));
    // The first post is profile 1's, visible, so the examples' collects have a target (showcase.ts).
    const author = i === 0 ? 1 : drawn;
    let t = i > 0 ? rng.weighted(TYPE_WEIGHTS) : POST;
    const parent = t === POST ? -1 : parentFor(i, author);
    if (parent < 0) t = POST;
    profile[i] = author;
    seq[i] = ++seqOf[author];
    type[i] = t;
    const id = store.id(i);

    const p1 = records.writer.line(
      `${id},${lensId(author)},${PUB_TYPES[t]},${parent >= 0 ? store.id(parent) : ''},${bigQueryTs(ms)},${rng.chance(0.01) && i > 0 ? 'true' : 'false'}`,
    );
    let p2: Promise<void> | undefined;
    if (t === MIRROR) {
      p2 = metadata.writer.line(`${id},,,[]`); // a mirror carries no content of its own
    } else {
      const post = generatePost(rng);
      const focus = FOCUS[rng.weighted(FOCUS_WEIGHTS)];
      p2 = metadata.writer.line(`${id},${csvField(post.text)},${focus},${csvField(JSON.stringify(post.tags))}`);
      lastTargetOf[author] = i;
    }
    if (p1) await p1;
    if (p2) await p2;
  }
  await Promise.all([records.close(), metadata.close()]);
  return store;
}
