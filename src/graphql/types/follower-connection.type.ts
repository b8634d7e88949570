import { ObjectType } from 'type-graphql';
import { Connection, Edge } from './connection.type';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

@ObjectType()
export class FarcasterFollowerEdge extends Edge(FarcasterUser, { followedAt: { description: 'When the follow happened.' } }) {}

@ObjectType({ description: 'Follows, newest follow first.' })
export class FarcasterFollowerConnection extends Connection(FarcasterFollowerEdge) {}

@ObjectType()
export class LensFollowerEdge extends Edge(LensProfile, { followedAt: {} }) {}

@ObjectType({ description: 'Follows, newest follow first.' })
export class LensFollowerConnection extends Connection(LensFollowerEdge) {}
