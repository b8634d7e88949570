import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GLOBAL_ID, Node } from './node.type';
import { globalId } from '../node/global-id';
import type { CastRow } from '../../repositories/farcaster-casts.repository';

@ObjectType({ implements: Node, description: 'A live Farcaster cast. A cast with parentHash is a reply; quotedHash is set when an embed is a castId.' })
export class FarcasterCast implements Node {
  @Field(() => ID, { description: `${GLOBAL_ID.replace('`nativeId` holds the natural key', '`hash` is the natural key')}` }) id!: string;
  @Field(() => String, { description: 'The cast hash, lowercase hex `0x…`: the cast\'s id.' }) hash!: string;
  @Field(() => Int, { description: 'The author.' }) fid!: number;
  @Field(() => String, { description: 'The text as cast; empty when the cast has none (e.g. only embeds).' }) text!: string;
  @Field(() => Date, { description: 'When the cast was posted (its Farcaster message time, UTC).' }) timestamp!: Date;
  @Field(() => Int, { nullable: true, description: 'Author of the cast this one replies to; null when it is not a reply.' }) parentFid!: number | null;
  @Field(() => String, { nullable: true, description: 'Hash of the cast this one replies to (kept even when that cast was deleted); null when it is not a reply.' }) parentHash!: string | null;
  @Field(() => String, { nullable: true, description: 'The URL the cast was posted under, usually a channel (`https://warpcast.com/~/channel/<name>`); null when none.' }) parentUrl!: string | null;
  @Field(() => String, { nullable: true, description: 'Hash of the cast this one quotes (an embedded castId, kept even when that cast was deleted); null when it quotes none.' }) quotedHash!: string | null;
  @Field(() => Int, { nullable: true, description: 'Author of the quoted cast; null when the cast quotes none.' }) quotedFid!: number | null;
}

export function toFarcasterCast(r: CastRow): FarcasterCast {
  return {
    id: globalId('FarcasterCast', r.hash), hash: r.hash, fid: r.fid, text: r.text, timestamp: r.timestamp, parentFid: r.parent_fid, parentHash: r.parent_hash,
    parentUrl: r.parent_url, quotedHash: r.quoted_hash, quotedFid: r.quoted_fid,
  };
}
