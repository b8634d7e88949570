// Cell rules of the Lens Chain (v3) tables. BigQuery writes bytea as `\x…` hex; an
// account is 40 hex digits and keeps them all; a post id is its full hex (never a
// `<profile>-<seq>` v2 id, so the two never collide).
import { canonicalLensId, lensAccountAddress, normalizeHex } from '../../domain/ids';
import { float, json } from '../parse-values';
import { RowError, type SourceRow } from '../source-row';
import type { MergeSpec } from '../table-spec';

export const account = (r: SourceRow, column = 'account') => r.req(column, lensAccountAddress);
export const postId = (r: SourceRow, column = 'post') => r.req(column, normalizeHex);

/** A v2 profile id as the migration wrote it: hex with `0x` (a bare number could be read as decimal or hex). */
export const legacyProfileId = (text: string) => (/^0x/i.test(text) ? canonicalLensId(text) : null);

/** post_types: a JSON array (BigQuery) or a Postgres array literal `{comment,quote}`, lowercased. */
export function postTypes(text: string): string[] | null {
  const items = text.startsWith('{') ? text.slice(1, -1).split(',').filter((s) => s.trim() !== '') : json(text);
  if (!Array.isArray(items) || !items.every((v) => typeof v === 'string')) return null;
  return items.map((v) => v.trim().replace(/^"|"$/g, '').toLowerCase());
}

/** v3 scores are 0..100 with two decimals; v2's were 0..10000: stored ×100, one scale. */
export function v2ScaleScore(text: string): string | null {
  const value = float(text);
  return value === null ? null : String(Math.round(Number(value) * 10_000) / 100);
}

export interface AccountMetadata { name: string | null; bio: string | null; picture: string | null; coverPicture: string | null }

/** The account metadata document (`{"lens": {name, bio, picture, coverPicture}}`). */
export function accountMetadata(r: SourceRow): AccountMetadata {
  const text = r.text('metadata');
  const doc = text === null ? {} : json(text);
  if (doc === undefined || doc === null || typeof doc !== 'object') throw new RowError('bad metadata: not a JSON object');
  const lens = (doc as { lens?: unknown }).lens;
  const field = (key: string) => {
    const v = lens && typeof lens === 'object' ? (lens as Record<string, unknown>)[key] : undefined;
    return typeof v === 'string' && v.trim() !== '' ? v : null;
  };
  return { name: r.text('name') ?? field('name'), bio: field('bio'), picture: field('picture'), coverPicture: field('coverPicture') };
}

/**
 * Account columns resolved through lens_profile_link in the merge: an account migrated
 * from v2 is stored under its v2 profile id, so v2 and v3 rows of one person are one
 * profile (a follow present in both dumps is one follow).
 */
export function viaLink(columns: readonly string[]): Pick<MergeSpec, 'joins' | 'select'> {
  return {
    joins: columns.map((c, i) => `LEFT JOIN lens_profile_link l${i} ON l${i}.account_address = s."${c}"`).join('\n'),
    select: Object.fromEntries(columns.map((c, i) => [c, `COALESCE(l${i}.profile_id, s."${c}")`])),
  };
}
