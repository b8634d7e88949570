// Arguments of the notifications lists (one per protocol) and of marking them seen.
import { ArrayMaxSize, IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Float, Int } from 'type-graphql';
import { NOTIFICATION_KINDS } from '../../domain/notifications';
import { NotificationKind, Protocol } from '../enums/public-enums';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { ConnectionArgs } from './connection.args';
import { MAX_FID } from './id.args';
import { NoNul } from './text.validators';

const MIN_QUALITY = 'Only events whose actor has a quality score (`quality.score`, 0..1) of at least this, as of the analytics refresh; an actor without a score (new since) is left out. Counts (count, totalCount, unseenCount) follow the filter.';
const KINDS = 'Only these kinds; every kind the protocol\'s data has when left out.';

@ArgsType()
class NotificationFilterArgs extends ConnectionArgs {
  @Field(() => [NotificationKind], { nullable: true, description: KINDS }) @IsOptional() @ArrayMaxSize(NOTIFICATION_KINDS.length) kinds?: NotificationKind[] | null;
  @Field(() => Float, { nullable: true, description: MIN_QUALITY }) @IsOptional() @Min(0) @Max(1) minQuality?: number | null;
}

@ArgsType()
export class FarcasterNotificationsArgs extends NotificationFilterArgs {
  @Field(() => Int, { description: `The viewer: a Farcaster id, 1..${MAX_FID}.` }) @Min(1) @Max(MAX_FID) fid!: number;
}

@ArgsType()
export class LensNotificationsArgs extends NotificationFilterArgs {
  @Field(() => LensProfileIdScalar, { description: 'The viewer: a Lens profile id in any hex form.' }) profileId!: string;
}

@ArgsType()
export class MarkNotificationsSeenArgs {
  @Field(() => String, { description: 'The viewer: a fid in decimal (Farcaster) or a Lens profile id in any hex form (Lens).' }) @NoNul() viewer!: string;
  @Field(() => Protocol, { description: 'The viewer\'s protocol.' }) protocol!: Protocol;
  @Field(() => Date, { nullable: true, description: 'Mark notifications whose newest event is at or before this time seen; now when left out. Pass the newest `newestAt` shown, so events that arrived meanwhile stay unseen. An earlier time than the key\'s mark leaves the mark as it is.' }) upTo?: Date | null;
}
