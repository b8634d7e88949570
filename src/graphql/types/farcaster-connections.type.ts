import { ObjectType } from 'type-graphql';
import { FarcasterCast } from './farcaster-cast.type';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';

@ObjectType({ description: 'A cast with its place in the list.' })
export class FarcasterCastEdge extends Edge(FarcasterCast) {}

@ObjectType({ description: 'Live casts (replies included), newest first, ties by hash descending; keyset-paged (a cursor is its item\'s time and hash: casts made or deleted meanwhile never shift a page). `page` reads by position (the REST face\'s way), its edges still keyset cursors; an offset cursor of an earlier version is read by position too.' })
export class FarcasterCastConnection extends Connection(FarcasterCastEdge, { totalCount: 'All live casts of the user (replies included).', paged: OFFSET_PAGED }) {}
