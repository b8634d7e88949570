import * as Doc from '../../generated/graphql/graphql';
import { FARCASTER_DATA, LENS_DATA, NO_PROTOCOL_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 notifications of a viewer, both protocols: one page of grouped
// notifications (each with its actors' summaries) with the calling key's seen
// state, and marking them seen (POST …/seen, body `{ "upTo": "<date-time>" }`,
// now when left out). Their operations read a key's own mark: never cached.

type Page<N> = { totalCount: number; unseenCount: number; seenUpTo?: unknown; pageInfo: object; edges: { node: N }[] };
const flat = <N>({ edges, ...rest }: Page<N>) => ({ ...rest, notifications: edges.map((e) => e.node) });

export const NOTIFICATION_ROUTES = [
  route({ method: 'get', path: '/api/v2/farcaster/user/:fid/notifications', summary: 'A Farcaster user\'s notifications, grouped, newest first', example: { path: '1' },
    name: 'notifications (Farcaster)', protocols: FARCASTER_DATA, document: Doc.RestV2FarcasterNotificationsDocument,
    answer: (d) => ({ fid: d.farcasterUser.fid, ...flat(d.farcasterNotifications) }) }),
  route({ method: 'post', path: '/api/v2/farcaster/user/:fid/notifications/seen', summary: 'Mark a Farcaster user\'s notifications seen for the calling key', example: { path: '1', body: {} },
    name: 'markNotificationsSeen (Farcaster)', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2FarcasterNotificationsSeenDocument,
    answer: (d) => d.markNotificationsSeen }),
  route({ method: 'get', path: '/api/v2/lens/profile/:id/notifications', summary: 'A Lens profile\'s notifications, grouped, newest first', example: { path: '0x01' },
    name: 'notifications (Lens)', protocols: LENS_DATA, document: Doc.RestV2LensNotificationsDocument,
    answer: (d) => ({ profileId: d.lensProfile.profileId, ...flat(d.lensNotifications) }) }),
  route({ method: 'post', path: '/api/v2/lens/profile/:id/notifications/seen', summary: 'Mark a Lens profile\'s notifications seen for the calling key', example: { path: '0x01', body: {} },
    name: 'markNotificationsSeen (Lens)', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2LensNotificationsSeenDocument,
    answer: (d) => d.markNotificationsSeen }),
];
