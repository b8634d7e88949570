import { ObjectType } from 'type-graphql';
import { FarcasterCast } from './farcaster-cast.type';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';

@ObjectType({ description: 'A cast with its place in the list.' })
export class FarcasterCastEdge extends Edge(FarcasterCast) {}

@ObjectType({ description: 'Live casts (replies included), newest first, ties by hash descending; offset-paged (cursors are positions, `page` addresses the same slices).' })
export class FarcasterCastConnection extends Connection(FarcasterCastEdge, { totalCount: 'All live casts of the user (replies included).', paged: OFFSET_PAGED }) {}
