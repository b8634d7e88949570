// Relay's Global Object Identification: every entity the API answers implements
// Node, with an id no other object shares, that node(id:) refetches.
import { Field, ID, InterfaceType } from 'type-graphql';
import { typeOfGlobalId } from '../node/global-id';

@InterfaceType({
  description: 'An object with a global id (Relay\'s Global Object Identification): `node(id:)` and `nodes(ids:)` refetch it by that id. The id is opaque and stable, and no two objects share it, whatever their type; the natural key (fid, profileId, nativeId …) stays a field of its own.',
  // Every Node object's id carries its type name, so the id itself says which type it is.
  resolveType: (value: { id: string }) => typeOfGlobalId(value.id),
})
export abstract class Node {
  @Field(() => ID, { description: 'The global id: opaque, stable and unique across all types; send it to `node(id:)`.' }) id!: string;
}

/** The description of a Node type's own `id` field. */
export const GLOBAL_ID = 'The global id (Node): opaque, stable and unique across all types; `nativeId` holds the natural key.';
