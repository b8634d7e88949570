import { registerEnumType } from 'type-graphql';

export enum PushEventType {
  NEW_FOLLOWER = 'NEW_FOLLOWER', FOLLOWER_MILESTONE = 'FOLLOWER_MILESTONE', TRENDING_ENTER = 'TRENDING_ENTER',
  TRENDING_LEAVE = 'TRENDING_LEAVE', TOKEN_MENTIONS_THRESHOLD = 'TOKEN_MENTIONS_THRESHOLD',
  NOTIFICATION = 'NOTIFICATION',
}
registerEnumType(PushEventType, {
  name: 'PushEventType',
  description: 'What a push event (subscription message or webhook delivery) reports.',
  valuesConfig: {
    NEW_FOLLOWER: { description: 'A Farcaster fid got a follower (from the live sync, within about a second of the node).' },
    FOLLOWER_MILESTONE: { description: 'A Farcaster fid\'s followers reached 10, 100, 1,000, 10,000, 100,000 or 1,000,000 (each upward crossing; a dip and a new crossing report again).' },
    TRENDING_ENTER: { description: 'A profile entered a trending page (places 1..top) when a refresh published new trending lists.' },
    TRENDING_LEAVE: { description: 'A profile left a trending page (places 1..top) when a refresh published new trending lists.' },
    TOKEN_MENTIONS_THRESHOLD: { description: 'A cashtag\'s posts on a day reached the threshold when the classifier counted new posts.' },
    NOTIFICATION: { description: 'A Farcaster fid was followed, or one of its casts liked, recast, replied to or quoted, or it was mentioned (from the live sync, one event per action; `kind` says which). The ungrouped events of farcasterNotifications.' },
  },
});

export enum DeliveryState { PENDING = 'pending', DELIVERED = 'delivered', FAILED = 'failed' }
registerEnumType(DeliveryState, {
  name: 'DeliveryState',
  description: 'Where a webhook delivery stands.',
  valuesConfig: {
    PENDING: { description: 'Not delivered yet: the next attempt is at nextAttemptAt.' },
    DELIVERED: { description: 'The receiver answered 2xx.' },
    FAILED: { description: 'Attempts or age ran out (PUSH_WEBHOOK_MAX_ATTEMPTS, PUSH_WEBHOOK_MAX_AGE_S): no more attempts.' },
  },
});
