import { ObjectType } from 'type-graphql';
import { FarcasterCast } from './farcaster-cast.type';
import { Connection, Edge } from './connection.type';
import { FarcasterFollowerEdge } from './follower-connection.type';

@ObjectType({ description: 'Live follows (self excluded), newest first.' })
export class FarcasterFollowConnection extends Connection(FarcasterFollowerEdge, {
  totals: { totalCount: 'All live follows in this direction.', page: '1-based page of this slice (offset ÷ first + 1).' },
}) {}

@ObjectType()
export class FarcasterCastEdge extends Edge(FarcasterCast) {}

@ObjectType({ description: 'Live casts, newest first.' })
export class FarcasterCastConnection extends Connection(FarcasterCastEdge, { totals: {} }) {}
