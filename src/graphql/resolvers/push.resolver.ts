// Push: the live event subscription (graphql-ws on /graphql) and the calling
// key's webhooks with their delivery log. Everything is scoped to the API key
// of the request (or of the WebSocket's connectionParams).
import { Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { PushMessage } from '../../domain/push-events';
import { AppError, badInput, notFound } from '../../errors/app-error';
import { deliveryPage, webhookPage } from '../../push/webhook-pages';
import { checkPushFilter, checkWebhookUrl } from '../../push/push-filter';
import { newWebhookSecret } from '../../push/webhook-signature';
import { countWebhooks, createWebhook, deleteWebhook, webhookOf } from '../../push/webhook.repository';
import { ConnectionArgs } from '../args/connection.args';
import { CreateWebhookArgs, PushEventsArgs, WebhookIdArgs } from '../args/push.args';
import type { Context } from '../context.type';
import { decodeGlobalId } from '../node/global-id';
import { connectionOf } from '../types/connection.type';
import { PushEvent, toPushEvent } from '../types/push-event.type';
import {
  CreatedWebhook, toDelivery, toWebhook, Webhook, WebhookConnection, WebhookDeliveryConnection,
} from '../types/webhook.type';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A webhook argument is its UUID or its global id (Webhook.id). */
function webhookKey(id: string): string {
  const decoded = decodeGlobalId(id);
  return decoded?.type === 'Webhook' ? decoded.key : id;
}

async function ownWebhook(ctx: Context, raw: string) {
  const id = webhookKey(raw);
  const hook = UUID.test(id) ? await webhookOf(ctx.db.sql, ctx.apiKey.id, id) : null;
  if (!hook) throw notFound('webhook', id);
  return hook;
}

@Resolver(() => Webhook)
export class PushResolver {
  @Subscription(() => PushEvent, {
    description: 'Push events as they happen, over graphql-ws on /graphql (the API key in connectionParams: { apikey }): new followers and milestones '
      + 'from the live Farcaster sync, trending page changes at each refresh, cashtag mention thresholds at each classification.',
    subscribe: ({ args, context }) => {
      const ctx = context as Context;
      if (!ctx.push?.dispatcher) throw new AppError('SERVICE_UNAVAILABLE', 'push is off on this instance (PUSH=off)');
      return ctx.push.dispatcher.subscribe(checkPushFilter((args as PushEventsArgs).filter));
    },
  })
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the decorated parameter declares the field's arguments (the subscribe function reads them)
  pushEvents(@Root() message: PushMessage, @Args(() => PushEventsArgs) _args: PushEventsArgs): PushEvent {
    return toPushEvent(message);
  }

  @Query(() => WebhookConnection, { description: 'The calling API key\'s webhooks, oldest first.' })
  async webhooks(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: Context) {
    const page = await webhookPage(ctx.db.sql, ctx.apiKey.id, args);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({ cursor, node: toWebhook(row) })));
  }

  @Query(() => Webhook, { description: 'One of the calling key\'s webhooks, with its deliveries; NOT_FOUND for another key\'s or an unknown id.' })
  async webhook(@Args(() => WebhookIdArgs) { id }: WebhookIdArgs, @Ctx() ctx: Context): Promise<Webhook> {
    return toWebhook(await ownWebhook(ctx, id));
  }

  @FieldResolver(() => WebhookDeliveryConnection, { description: 'Deliveries of the webhook, newest first: state, attempts with status codes, next retry (the delivery log).' })
  async deliveries(@Root() hook: Webhook, @Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: Context) {
    const page = await deliveryPage(ctx.db.sql, hook.nativeId, args);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({ cursor, node: toDelivery(row) })));
  }

  @Mutation(() => CreatedWebhook, { description: 'Creates a webhook of the calling API key; its secret is in this answer only.' })
  async createWebhook(@Args(() => CreateWebhookArgs) { input }: CreateWebhookArgs, @Ctx() ctx: Context): Promise<CreatedWebhook> {
    const url = await checkWebhookUrl(input.url, ctx.push?.targets);
    const filter = checkPushFilter(input.filter);
    const max = ctx.push?.maxWebhooksPerKey ?? 20;
    if (await countWebhooks(ctx.db.sql, ctx.apiKey.id) >= max) throw badInput(`input: this key has ${max} webhooks, the most allowed (PUSH_MAX_WEBHOOKS_PER_KEY)`);
    const secret = newWebhookSecret();
    return { webhook: toWebhook(await createWebhook(ctx.db.sql, ctx.apiKey.id, url, filter, secret)), secret };
  }

  @Mutation(() => Boolean, { description: 'Deletes one of the calling key\'s webhooks and its deliveries (pending ones are not sent); NOT_FOUND otherwise.' })
  async deleteWebhook(@Args(() => WebhookIdArgs) args: WebhookIdArgs, @Ctx() ctx: Context): Promise<boolean> {
    const id = webhookKey(args.id);
    if (!UUID.test(id) || !await deleteWebhook(ctx.db.sql, ctx.apiKey.id, id)) throw notFound('webhook', id);
    return true;
  }
}
