// Per-request loaders of content fields: the labels of posts (one statement per
// batch of casts and publications, one more for the topics of their days), and
// the engagers and mentions of topics (one statement per day and arguments,
// whatever the number of topics).
import { RequestLoader } from './request-loader';
import type { Database } from '../db/database';
import type { ProtocolName } from '../domain/protocols';
import { postContents, type PostContentRow } from '../repositories/post-content.repository';
import {
  newestTopicDay, topicEngagers, topicMentions, topicsAmong, type TopicEngagerRow, type TopicMentionsRow,
} from '../repositories/topic.repository';
import { groupedLoader } from './grouped-loader';

export interface PostKey { protocol: ProtocolName; postId: string }
export interface DayTopicKey { day: string; topic: string }
export interface TopicEngagersKey extends DayTopicKey { limit: number }

const postKey = (k: PostKey) => `${k.protocol}:${k.postId}`;
const dayTopicKey = (k: DayTopicKey) => `${k.day}|${k.topic}`;

export function contentLoaders(db: Database) {
  return {
    /** A post's labels; null when it has no row (deleted, hidden, a mirror, no text). */
    post: new RequestLoader<PostKey, PostContentRow | null, string>(async (keys) => {
      const rows = await postContents(db, keys.map((k) => k.protocol), keys.map((k) => k.postId));
      const byKey = new Map(rows.map((r) => [postKey({ protocol: r.protocol, postId: r.post_id }), r]));
      return keys.map((k) => byKey.get(postKey(k)) ?? null);
    }, { cacheKeyFn: postKey }),
    /** Whether a phrase is a topic of a day: one statement for all the days and phrases asked together. */
    isTopic: new RequestLoader<DayTopicKey, boolean, string>(async (keys) => {
      const rows = await topicsAmong(db, [...new Set(keys.map((k) => k.day))], [...new Set(keys.map((k) => k.topic))]);
      const topics = new Set(rows.map((r) => dayTopicKey(r)));
      return keys.map((k) => topics.has(dayTopicKey(k)));
    }, { cacheKeyFn: dayTopicKey }),
    /** One key: the default day of `topic(topic:)`, read once per request. */
    newestDay: new RequestLoader<'newest', string>(async (keys) => {
      const day = await newestTopicDay(db);
      return keys.map(() => day);
    }),
    engagers: groupedLoader<TopicEngagersKey, string, TopicEngagerRow>({
      idOf: (k) => k.topic, argsOf: (k) => [k.day, k.limit],
      fetch: (topics, k) => topicEngagers(db, k.day, topics, k.limit), rowId: (r) => r.topic }),
    mentions: groupedLoader<DayTopicKey, string, TopicMentionsRow>({
      idOf: (k) => k.topic, argsOf: (k) => [k.day],
      fetch: (topics, k) => topicMentions(db, k.day, topics), rowId: (r) => r.topic }),
  };
}

export type ContentLoaders = ReturnType<typeof contentLoaders>;
