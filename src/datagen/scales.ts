// Dataset sizes. Only user counts vary with scale; per-user volumes are fixed
// so that every scale has the same shape (a tiny dataset is a miniature one).

export type Scale = 'tiny' | 'small' | 'medium' | 'large';

export interface ScaleSpec {
  farcasterUsers: number;
  lensProfiles: number;
}

export const SCALES: Readonly<Record<Scale, ScaleSpec>> = {
  tiny: { farcasterUsers: 500, lensProfiles: 500 },
  small: { farcasterUsers: 10_000, lensProfiles: 10_000 },
  medium: { farcasterUsers: 200_000, lensProfiles: 100_000 },
  large: { farcasterUsers: 2_000_000, lensProfiles: 1_000_000 },
};

/** Average volumes per user (Farcaster) or per profile (Lens). */
export const VOLUMES = {
  followsPerUser: 20,
  castsPerUser: 3,
  reactionsPerUser: 6,
  lensPublicationsPerProfile: 3,
  lensReactionsPerProfile: 5,
  lensActedPerProfile: 0.3,
} as const;
