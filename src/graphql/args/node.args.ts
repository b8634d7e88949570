import { ArrayMaxSize, ArrayMinSize } from 'class-validator';
import { ArgsType, Field, ID } from 'type-graphql';
import { MAX_IDS } from './id.args';

// The ids' form is checked by decoding them (src/graphql/node/global-id.ts): anything else is refused there, naming it.
@ArgsType()
export class NodeArgs {
  @Field(() => ID, { description: 'A global id (the `id` of any Node).' }) id!: string;
}

@ArgsType()
export class NodesArgs {
  @Field(() => [ID], { description: `Global ids, 1..${MAX_IDS} of them, of any Node types; repeats are allowed.` })
  @ArrayMinSize(1) @ArrayMaxSize(MAX_IDS) ids!: string[];
}
