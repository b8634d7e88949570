// The quality model: which features the score reads, in which order, and the
// hand-set weights that combine them. A score is a logistic of the weighted,
// centred features, so each feature's contribution is a signed share of the
// log-odds and the largest ones explain the score. The version names this list
// and these weights: rows written under one version are never read with another's.

/** The features, by name (the GraphQL enum's values and the REST spelling). */
export type QualityFeature =
  | 'TRUST' | 'RECIPROCITY' | 'ACCOUNT_AGE' | 'VERIFICATIONS' | 'SHARED_WALLET'
  | 'TRUSTED_ENGAGEMENT' | 'POSTING_BURST' | 'DUPLICATE_TEXT' | 'FRESH_FOLLOWERS';

export interface FeatureWeight {
  feature: QualityFeature;
  /** Log-odds per unit of the feature's value. */
  weight: number;
  /** The value at which the feature neither raises nor lowers the score. */
  centre: number;
}

export interface QualityModel {
  version: number;
  /** Log-odds of an account whose every feature sits at its centre. */
  bias: number;
  /** In the order of the stored contributions. */
  features: readonly FeatureWeight[];
}

/**
 * Version 2 (1 had no FRESH_FOLLOWERS: a follow farm's members follow each
 * other, so the follow graph lends them trust and reciprocity, and only the
 * age of their followers gives them away). Every value is on a 0..1 scale (TRUSTED_ENGAGEMENT on −1..1), so
 * a weight reads as the most log-odds the feature can move. The signs say what
 * spam looks like: fresh, unverified, untrusted accounts that share wallets,
 * post in bursts, repeat their own text, and draw engagement only from other
 * low-trust accounts. A protocol without a feature's data (Lens has no
 * verifications; a handle stands in) gives it its centre, so it adds nothing.
 */
export const QUALITY_MODEL: QualityModel = {
  version: 2,
  bias: 0.5,
  features: [
    { feature: 'TRUST', weight: 4, centre: 0.5 },
    { feature: 'RECIPROCITY', weight: 1.5, centre: 0.1 },
    { feature: 'ACCOUNT_AGE', weight: 2, centre: 0.25 },
    { feature: 'VERIFICATIONS', weight: 1.5, centre: 0.25 },
    { feature: 'SHARED_WALLET', weight: -3, centre: 0 },
    { feature: 'TRUSTED_ENGAGEMENT', weight: 1.5, centre: 0 },
    { feature: 'POSTING_BURST', weight: -2.5, centre: 0 },
    { feature: 'DUPLICATE_TEXT', weight: -3, centre: 0 },
    { feature: 'FRESH_FOLLOWERS', weight: -3, centre: 0 },
  ],
};

/** The models a stored row may name, by version (only the current one is written). */
export const QUALITY_MODELS: ReadonlyMap<number, QualityModel> = new Map([[QUALITY_MODEL.version, QUALITY_MODEL]]);

/** What every feature's value means, for the schema, the OpenAPI document and docs/analytics.md. */
export const FEATURE_MEANING: Record<QualityFeature, string> = {
  TRUST: 'The share of accounts whose graph score (follow-graph trust) is below this one\'s (0..1).',
  RECIPROCITY: 'The share of the accounts it follows that follow it back and are in the upper half of trust (0..1).',
  ACCOUNT_AGE: 'Its age at the refresh\'s as-of time in years, capped at 1 (0..1).',
  VERIFICATIONS: 'Farcaster: its live verified addresses, capped at 2, halved (0..1). Lens: 1 when it holds a handle.',
  SHARED_WALLET: 'How many other accounts verify (Farcaster) or own (Lens) one of its addresses, capped at 4, quartered (0..1).',
  TRUSTED_ENGAGEMENT: 'Engagement received (likes, recasts or mirrors, replies) from accounts in the upper half of trust, less that from the lower half, over all of it (−1..1; 0 with none).',
  POSTING_BURST: 'Posts in its busiest hour beyond 3, over 12, capped at 1 (0..1).',
  DUPLICATE_TEXT: 'The share of its posts with text that repeat a text it already posted (0..1; 0 below two posts).',
  FRESH_FOLLOWERS: 'The share of its followers that are themselves less than 30 days old at the as-of time (0..1; 0 with no followers).',
};

/** The minimum score `minQuality` asks when a caller gives none: no filter. */
export const QUALITY_RANGE = { min: 0, max: 1 } as const;

export interface QualityExplanationEntry { feature: QualityFeature; value: number; contribution: number }

/**
 * The features of a stored row, largest contribution (by size) first, the
 * value recovered from the contribution (contribution = weight × (value −
 * centre)); ties keep the model's order. Rows of an unknown version explain nothing.
 */
export function explainQuality(version: number, contributions: readonly number[], top = QUALITY_MODEL.features.length): QualityExplanationEntry[] {
  const model = QUALITY_MODELS.get(version);
  if (!model) return [];
  const entries = model.features.map((f, i) => {
    const contribution = contributions[i] ?? 0;
    return { feature: f.feature, value: Number((f.centre + contribution / f.weight).toFixed(6)), contribution: round(contribution) };
  });
  return entries.map((e, i) => ({ e, i }))
    .sort((a, b) => Math.abs(b.e.contribution) - Math.abs(a.e.contribution) || a.i - b.i)
    .slice(0, top).map(({ e }) => e);
}

/** Contributions are stored as 4-byte reals: six significant digits are what they hold (values, on 0..1 scales, six decimals). */
const round = (x: number) => Number(x.toPrecision(6));
