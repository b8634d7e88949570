// Follow lists of a profile seen from a second one (followers you know, mutual
// follows) and its unfollowers in a window: one edge and connection type per
// protocol and kind, all from the connection factories.
import { ObjectType } from 'type-graphql';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

const KNOWN_ORDER = 'by the follower\'s own followers (as its `stats.followers`), most first, ties by id ascending (numeric); offset-paged (cursors are positions, `page` addresses the same slices)';
const KNOWN_FOLLOWED_AT = { description: 'When this follower followed the profile.' };
const UNFOLLOW_ORDER = 'newest unfollow first, ties by id descending (numeric); keyset-paged (a cursor is its item\'s unfollow time and id)';
const UNFOLLOW_TIMES = {
  followedAt: { description: 'When the follow that was undone had been made.' },
  unfollowedAt: { description: 'When the follow was undone.' },
};

@ObjectType({ description: 'A follower of the profile, when it followed, and its place in the list.' })
export class FarcasterKnownFollowerEdge extends Edge(FarcasterUser, { followedAt: KNOWN_FOLLOWED_AT }) {}

@ObjectType({ description: `Live followers of the profile that a second follow list also holds (followers you know, mutual follows), ${KNOWN_ORDER}.` })
export class FarcasterKnownFollowerConnection extends Connection(FarcasterKnownFollowerEdge, {
  totalCount: 'All the followers this list holds: the items the pages walk, read live.',
  paged: OFFSET_PAGED,
}) {}

@ObjectType({ description: 'A follower of the profile, when it followed, and its place in the list.' })
export class LensKnownFollowerEdge extends Edge(LensProfile, { followedAt: KNOWN_FOLLOWED_AT }) {}

@ObjectType({ description: `Live followers of the profile that a second follow list also holds (followers you know, mutual follows), ${KNOWN_ORDER}.` })
export class LensKnownFollowerConnection extends Connection(LensKnownFollowerEdge, {
  totalCount: 'All the followers this list holds: the items the pages walk, read live.',
  paged: OFFSET_PAGED,
}) {}

@ObjectType({ description: 'A user who unfollowed the profile: when it had followed, when it unfollowed, and its place in the list.' })
export class FarcasterUnfollowEdge extends Edge(FarcasterUser, UNFOLLOW_TIMES) {}

@ObjectType({ description: `Users who unfollowed the profile in a window and have not followed it again, ${UNFOLLOW_ORDER}.` })
export class FarcasterUnfollowConnection extends Connection(FarcasterUnfollowEdge, {
  totalCount: 'All unfollows of the window: the items the pages walk, read live.',
}) {}

@ObjectType({ description: 'A profile that unfollowed the profile: when it had followed, when it unfollowed, and its place in the list.' })
export class LensUnfollowEdge extends Edge(LensProfile, UNFOLLOW_TIMES) {}

@ObjectType({ description: `Profiles that unfollowed the profile in a window and have not followed it again, ${UNFOLLOW_ORDER}.` })
export class LensUnfollowConnection extends Connection(LensUnfollowEdge, {
  totalCount: 'All unfollows of the window: the items the pages walk, read live.',
}) {}
