// Notifications of a viewer, per protocol, with the calling key's seen state;
// and marking them seen. The answers depend on the key (its seen mark), so these
// root fields are per-key (PER_KEY_ROOT_FIELDS): never shared through the answer cache.
import { Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { NotificationRow } from '../../domain/notifications';
import { parseLensProfileId } from '../../domain/ids';
import { badInput } from '../../errors/app-error';
import { markNotificationsSeen, notifications, type NotificationAnswer } from '../../queries/notifications';
import { FarcasterNotificationsArgs, LensNotificationsArgs, MarkNotificationsSeenArgs } from '../args/notification.args';
import type { Context } from '../context.type';
import { NotificationKind, Protocol } from '../enums/public-enums';
import { farcasterUserMap, lensProfileMap, nodesOf } from '../profile-lookup';
import { connectionOf } from '../types/connection.type';
import { FarcasterNotificationConnection, LensNotificationConnection, NotificationSeenMark } from '../types/notification.type';

type Row = NotificationRow & { seen: boolean };

/** The answer's connection, each notification's actors resolved through one profile batch for the page. */
async function connection<K, A>(answer: NotificationAnswer, actors: (ids: K[]) => Promise<Map<K, A>>, idOf: (text: string) => K) {
  const byId = await actors(answer.page.items.flatMap((i) => i.row.actors.map(idOf)));
  const edges = answer.page.items.map(({ cursor, row }: { cursor: string; row: Row }) => ({
    cursor,
    node: { ...row, key: row.id, kind: row.kind as NotificationKind, actors: nodesOf(byId, row.actors.map(idOf)) },
  }));
  return Object.assign(connectionOf(answer.page, edges), { unseenCount: answer.unseenCount, seenUpTo: answer.seenUpTo });
}

const LIST = (who: string, kinds: string) => `${who}'s notifications, newest first: ${kinds}. Likes, reposts and follows are grouped per target and UTC day ("5 people liked your cast"); each notification says whether the calling key marked it seen, and the connection how many are unseen. Read from the protocol's rows, so an event the live sync stores shows at once. NOT_FOUND for an account the store does not hold; BAD_USER_INPUT for minQuality outside [0, 1] or a cursor this list did not write.`;

@Resolver()
export class NotificationResolver {
  @Query(() => FarcasterNotificationConnection, { nullable: true, description: LIST('A Farcaster user', 'new followers, likes, recasts, replies, quotes and mentions') })
  async farcasterNotifications(@Args(() => FarcasterNotificationsArgs) { fid, ...args }: FarcasterNotificationsArgs, @Ctx() ctx: Context) {
    const answer = await notifications(ctx.db, ctx.loaders, ctx.apiKey.id, 'farcaster', fid, args);
    return connection(answer, (ids: number[]) => farcasterUserMap(ctx, ids), Number);
  }

  @Query(() => LensNotificationConnection, { nullable: true, description: LIST('A Lens profile', 'new followers, upvotes, mirrors, comments and quotes (Lens data names no mentions)') })
  async lensNotifications(@Args(() => LensNotificationsArgs) { profileId, ...args }: LensNotificationsArgs, @Ctx() ctx: Context) {
    const answer = await notifications(ctx.db, ctx.loaders, ctx.apiKey.id, 'lens', profileId, args);
    return connection(answer, (ids: string[]) => lensProfileMap(ctx, ids), String);
  }

  @Mutation(() => NotificationSeenMark, { description: 'Marks a viewer\'s notifications seen for the calling key, up to `upTo` (now when left out); the mark never moves back. NOT_FOUND for an account the store does not hold.' })
  async markNotificationsSeen(@Args(() => MarkNotificationsSeenArgs) { viewer, protocol, upTo }: MarkNotificationsSeenArgs, @Ctx() ctx: Context): Promise<NotificationSeenMark> {
    let id: number | string;
    if (protocol === Protocol.FARCASTER) {
      if (!/^[1-9]\d{0,9}$/.test(viewer) || Number(viewer) > 2_147_483_647) throw badInput('viewer: a Farcaster id, a positive integer');
      id = Number(viewer);
    } else {
      const canonical = parseLensProfileId(viewer);
      if (!canonical) throw badInput('viewer: a Lens profile id in hex (0x01)');
      id = canonical;
    }
    const seenUpTo = await markNotificationsSeen(ctx.db, ctx.loaders, ctx.apiKey.id, protocol, id, upTo);
    return { protocol, viewer: String(id), seenUpTo };
  }
}
