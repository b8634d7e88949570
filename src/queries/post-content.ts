// The content labels of a post (categories, topics, cashtags), from the row the
// classify job stored for it. Every read goes through the request's content
// loaders: one statement per batch of posts, plus one for whether their terms
// are topics of their days.
import { categoryById, type Category } from '../domain/taxonomy';
import type { ContentLoaders, PostKey } from '../loaders/content-loaders';
import { distinct } from '../loaders/order-by-keys';

/** Taxonomy categories of the post, by id; none when it has no labels. */
export async function postCategories(l: ContentLoaders, key: PostKey): Promise<Category[]> {
  const row = await l.post.load(key);
  return (row?.categories ?? []).flatMap((id) => { const c = categoryById(id); return c ? [c] : []; });
}

/** Hashtags, then the channel, then the terms that are topics of the post's day; distinct. */
export async function postTopics(l: ContentLoaders, key: PostKey): Promise<string[]> {
  const row = await l.post.load(key);
  if (!row) return [];
  const fixed = [...row.hashtags, ...(row.channel ? [row.channel] : [])];
  const candidates = row.terms.filter((t) => !fixed.includes(t));
  const salient = await Promise.all(candidates.map((topic) => l.isTopic.load({ day: row.day, topic })));
  return distinct([...fixed, ...candidates.filter((_, i) => salient[i])]);
}

/** Upper-case cashtags of the text; none when it has no labels. */
export async function postCashtags(l: ContentLoaders, key: PostKey): Promise<string[]> {
  return (await l.post.load(key))?.cashtags ?? [];
}
