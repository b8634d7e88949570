// Relay's refetch entry points: any Node by its global id.
import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { NodeArgs, NodesArgs } from '../args/node.args';
import type { Context } from '../context.type';
import { resolveNodes } from '../node/resolve-nodes';
import { Node } from '../types/node.type';

@Resolver()
export class NodeResolver {
  @Query(() => Node, {
    nullable: true,
    description: 'Any object with a global id (Node), by that id: null when the id names nothing now (a deleted webhook, a channel no longer ranked); BAD_USER_INPUT (400) for a string that is not an id of this API.',
  })
  async node(@Args(() => NodeArgs) { id }: NodeArgs, @Ctx() ctx: Context): Promise<object | null> {
    const [found] = await resolveNodes(ctx, [id], 'id');
    return found;
  }

  @Query(() => [Node], {
    nullable: 'items',
    description: 'Several Nodes by global id, in the order asked, null for an id that names nothing now; the ids of one type are read together. BAD_USER_INPUT (400) when any is not an id of this API.',
  })
  async nodes(@Args(() => NodesArgs) { ids }: NodesArgs, @Ctx() ctx: Context): Promise<(object | null)[]> {
    return resolveNodes(ctx, ids, 'ids');
  }
}
