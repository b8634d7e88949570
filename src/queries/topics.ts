// The topic argument of the topic queries, normalised as topics are stored.
import { badInput } from '../errors/app-error';

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
