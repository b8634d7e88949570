import { Field, Int, ObjectType } from 'type-graphql';
import type { CastRow } from '../../repositories/farcaster-casts.repository';

@ObjectType({ description: 'A live Farcaster cast. A cast with parentHash is a reply; quotedHash is set when an embed is a castId.' })
export class FarcasterCast {
  @Field(() => String) hash!: string;
  @Field(() => Int, { description: 'The author.' }) fid!: number;
  @Field(() => String) text!: string;
  @Field(() => Date) timestamp!: Date;
  @Field(() => Int, { nullable: true }) parentFid!: number | null;
  @Field(() => String, { nullable: true }) parentHash!: string | null;
  @Field(() => String, { nullable: true }) parentUrl!: string | null;
  @Field(() => String, { nullable: true }) quotedHash!: string | null;
  @Field(() => Int, { nullable: true }) quotedFid!: number | null;
}

export function toFarcasterCast(r: CastRow): FarcasterCast {
  return {
    hash: r.hash, fid: r.fid, text: r.text, timestamp: r.timestamp, parentFid: r.parent_fid, parentHash: r.parent_hash,
    parentUrl: r.parent_url, quotedHash: r.quoted_hash, quotedFid: r.quoted_fid,
  };
}
