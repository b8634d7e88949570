import { Field, Int, ObjectType } from 'type-graphql';
import type { FarcasterStorage as StorageAnswer, UnitCounts } from '../../domain/farcaster-storage';
import { FarcasterStorageUnitType } from '../enums/public-enums';

@ObjectType({ description: 'A fid\'s storage units of one unit type.' })
export class FarcasterStorageUnits {
  @Field(() => FarcasterStorageUnitType, { description: 'The unit type.' }) unitType!: FarcasterStorageUnitType;
  @Field(() => Int, { description: 'The units the limits count: rented minus lent plus borrowed (borrowed alone when no rent counts).' }) units!: number;
  @Field(() => Int, { description: 'Units rented on chain whose time has not run out.' }) rented!: number;
  @Field(() => Int, { description: 'Units lent to other fids (their live LEND_STORAGE messages).' }) lent!: number;
  @Field(() => Int, { description: 'Units other fids lend to this one.' }) borrowed!: number;
}

@ObjectType({ description: 'How many messages of each store the node keeps for a fid before it prunes the oldest.' })
export class FarcasterStoreLimits {
  @Field(() => Int, { description: 'Casts and cast removes.' }) casts!: number;
  @Field(() => Int, { description: 'Links, link removes and link compact states.' }) links!: number;
  @Field(() => Int, { description: 'Reactions and reaction removes.' }) reactions!: number;
  @Field(() => Int, { description: 'User data values.' }) userData!: number;
  @Field(() => Int, { description: 'Verifications and verification removes.' }) verifications!: number;
  @Field(() => Int, { description: 'Username proofs.' }) usernameProofs!: number;
  @Field(() => Int, { description: 'Lends of storage to other fids: counted on the units rented alone (borrowed units cannot be lent on).' }) storageLends!: number;
}

@ObjectType({ description: 'A fid\'s storage now, as the Farcaster node counts it: rents on chain by unit type, lends given and received, and the limit of each store. Farcaster Pro adds no storage.' })
export class FarcasterStorage {
  @Field(() => Int, { description: 'Units the limits count, all unit types together.' }) units!: number;
  @Field(() => [FarcasterStorageUnits], { description: 'Per unit type, legacy first; every type is listed, with zeros when the fid has none.' }) unitTypes!: FarcasterStorageUnits[];
  @Field(() => FarcasterStoreLimits, { description: 'The limit of each store, from the units of each type.' }) limits!: FarcasterStoreLimits;
}

const UNIT_TYPE_BY_NUMBER = [FarcasterStorageUnitType.UNIT_TYPE_LEGACY, FarcasterStorageUnitType.UNIT_TYPE_2024, FarcasterStorageUnitType.UNIT_TYPE_2025];
const sum = (n: UnitCounts) => n[0] + n[1] + n[2];

export function toFarcasterStorage(s: StorageAnswer): FarcasterStorage {
  return {
    units: sum(s.units),
    unitTypes: UNIT_TYPE_BY_NUMBER.map((unitType, i) => ({ unitType, units: s.units[i], rented: s.rented[i], lent: s.lent[i], borrowed: s.borrowed[i] })),
    limits: { ...s.limits },
  };
}
