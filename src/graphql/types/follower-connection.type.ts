// Follow lists of both protocols: one edge type per protocol (the node and when
// the follow happened), one connection type per protocol for followers and
// following alike.
import { ObjectType } from 'type-graphql';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

@ObjectType({ description: 'A follow: the other user, when it happened, and its place in the list.' })
export class FarcasterFollowEdge extends Edge(FarcasterUser, { followedAt: { description: 'When the follow happened.' } }) {}

@ObjectType({ description: 'Live follows (self excluded), newest follow first, ties by fid descending; keyset-paged (a cursor is its item\'s time and fid: follows made or undone meanwhile never shift a page). `page` reads by position (the REST face\'s way), its edges still keyset cursors; an offset cursor of an earlier version is read by position too.' })
export class FarcasterFollowConnection extends Connection(FarcasterFollowEdge, {
  totalCount: 'All live follows in this direction (self excluded): the items the pages walk.',
  paged: OFFSET_PAGED,
}) {}

@ObjectType({ description: 'A follow: the other profile, when it happened, and its place in the list.' })
export class LensFollowEdge extends Edge(LensProfile, { followedAt: { description: 'When the follow happened.' } }) {}

@ObjectType({ description: 'Live follows (self excluded), newest follow first, ties by profile id descending (numeric); keyset-paged (a cursor is its item\'s time and id: follows made meanwhile never shift a page).' })
export class LensFollowConnection extends Connection(LensFollowEdge, {
  totalCount: 'All live follows in this direction (self excluded): the items the pages walk, read live (not the refreshed `stats`).',
}) {}
