// Topic answers: the topics of a UTC day, and one phrase on a day. The salience
// rule itself is SQL (repositories/topic-stats.sql.ts); here are the argument
// rules and defaults.
import type { Database } from '../db/database';
import { optionalDay } from '../domain/days';
import { badInput } from '../errors/app-error';
import type { ContentLoaders } from '../loaders/content-loaders';
import { topicStats, topicsOfDay, type TopicStatsRow } from '../repositories/topic.repository';

/** Longest topic argument accepted. */
export const MAX_TOPIC_LENGTH = 256;

/**
 * A topic argument as stored phrases are: trimmed, lowercase (hashtags, channels
 * and terms are all stored lowercase, so matching is case-insensitive). Blank or
 * over-long is a 400 naming the argument.
 */
export function requireTopic(name: string, value: string): string {
  const topic = value.trim().replace(/^#/, '').toLowerCase();
  if (!topic) throw badInput(`${name} must not be empty`);
  if (topic.length > MAX_TOPIC_LENGTH) throw badInput(`${name} must be at most ${MAX_TOPIC_LENGTH} characters`);
  return topic;
}

/** The topics of the UTC day (default the newest day with daily phrase counts), at most `limit`, in rule order. */
export async function topicsOfTheDay(db: Database, date: string | null | undefined, limit: number): Promise<TopicStatsRow[]> {
  return topicsOfDay(db, optionalDay('date', date), limit);
}

/**
 * One phrase on a UTC day, whether or not it is a topic that day (zero counts
 * when unused). The day defaults to the newest day with daily counts, else with
 * classified posts, else today; the request's loader reads it once.
 */
export async function topicOfDay(db: Database, loaders: ContentLoaders, topic: string, date: string | null | undefined): Promise<TopicStatsRow> {
  const phrase = requireTopic('topic', topic);
  const day = optionalDay('date', date) ?? await loaders.newestDay.load('newest');
  const [row] = await topicStats(db, [day], [phrase]);
  return row;
}
