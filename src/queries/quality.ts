// The quality score of an account with its explanation, and the one rule of
// the minQuality argument every list shares (its bounds and its error).
import { badInput } from '../errors/app-error';
import { explainQuality, QUALITY_RANGE } from '../analytics/quality/model';
import type { QualityLoader } from '../loaders/quality-loaders';

type Id = string | number;

/** The account's score as of the last refresh, its features largest contribution first; null when it has none (new since). */
export async function accountQuality(l: QualityLoader, id: Id) {
  const row = await l.load(id);
  if (!row) return null;
  return {
    score: row.score, version: row.version,
    explanation: explainQuality(row.version, row.contributions).map((e) => ({ ...e, feature: e.feature.toLowerCase() })),
  };
}

export type AccountQuality = NonNullable<Awaited<ReturnType<typeof accountQuality>>>;

/**
 * A `minQuality` argument checked: null or absent is no filter, a number in
 * 0..1 is the minimum score. Outside, a 400 naming the argument, never a list
 * that silently keeps or drops everything.
 */
export function minQualityOf(value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || value < QUALITY_RANGE.min || value > QUALITY_RANGE.max) {
    throw badInput(`minQuality must be between ${QUALITY_RANGE.min} and ${QUALITY_RANGE.max}, got ${value}`);
  }
  return value;
}
