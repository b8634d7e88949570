// Dataset sizes. From tiny to large only user counts vary; per-user volumes are
// fixed so that those scales have the same shape (a tiny dataset is a miniature
// one). `network` has the real Farcaster network's size and density instead.

export type Scale = 'tiny' | 'small' | 'medium' | 'large' | 'network';

/** Average volumes per user (Farcaster) or per profile (Lens). */
export interface Volumes {
  followsPerUser: number;
  castsPerUser: number;
  reactionsPerUser: number;
  lensPublicationsPerProfile: number;
  lensReactionsPerProfile: number;
  lensActedPerProfile: number;
}

export interface ScaleSpec {
  farcasterUsers: number;
  lensProfiles: number;
  /** Per-user volumes where they differ from VOLUMES. */
  volumes?: Partial<Volumes>;
}

export const SCALES: Readonly<Record<Scale, ScaleSpec>> = {
  tiny: { farcasterUsers: 500, lensProfiles: 500 },
  small: { farcasterUsers: 10_000, lensProfiles: 10_000 },
  medium: { farcasterUsers: 200_000, lensProfiles: 100_000 },
  large: { farcasterUsers: 2_000_000, lensProfiles: 1_000_000 },
  // The real network's fids and live follow links. Its casts and their reactions
  // would make generating, importing and classifying them most of a run at this
  // scale, so casts and reactions are kept at 10 and 20 per user: about a tenth of
  // the real casts (docs/performance.md#import).
  network: {
    farcasterUsers: 1_000_000, lensProfiles: 300_000,
    volumes: { followsPerUser: 180, castsPerUser: 10, reactionsPerUser: 20 },
  },
};

export const VOLUMES: Readonly<Volumes> = {
  followsPerUser: 20,
  castsPerUser: 3,
  reactionsPerUser: 6,
  lensPublicationsPerProfile: 3,
  lensReactionsPerProfile: 5,
  lensActedPerProfile: 0.3,
};

export const volumesOf = (spec: ScaleSpec): Volumes => ({ ...VOLUMES, ...spec.volumes });
