// Content fields of posts (categories, topics, cashtags) on Farcaster casts and
// Lens publications: one statement per batch of posts (post_content by
// (protocol, post id)), plus one for whether their terms are topics of their days.
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { PostKey } from '../../loaders/content-loaders';
import { postCashtags, postCategories, postTopics } from '../../queries/post-content';
import type { Context } from '../context.type';
import { Category, toCategory } from '../types/category.type';
import { FarcasterCast } from '../types/farcaster-cast.type';
import { LensPublication } from '../types/lens-activity.type';

const castKey = (c: FarcasterCast): PostKey => ({ protocol: 'farcaster', postId: c.hash });
const publicationKey = (p: LensPublication): PostKey => ({ protocol: 'lens', postId: p.publicationId });

async function categoriesOf(ctx: Context, key: PostKey): Promise<Category[]> {
  return (await postCategories(ctx.loaders.content, key)).map(toCategory);
}

const topicsOf = (ctx: Context, key: PostKey) => postTopics(ctx.loaders.content, key);
const cashtagsOf = (ctx: Context, key: PostKey) => postCashtags(ctx.loaders.content, key);

const CATEGORIES = 'Categories of the taxonomy the classifier gave the post, by id; [] when it has no labels (no text, deleted, hidden, a mirror).';
const TOPICS = 'The post\'s hashtags, its Farcaster channel, and those of its key phrases that are topics of its UTC day (lowercase); [] when it has no labels.';
const CASHTAGS = 'Upper-case `$SYMBOL` cashtags in the text; [] when none.';

@Resolver(() => FarcasterCast)
export class FarcasterCastContentResolver {
  @FieldResolver(() => [Category], { description: CATEGORIES })
  categories(@Root() c: FarcasterCast, @Ctx() ctx: Context) { return categoriesOf(ctx, castKey(c)); }

  @FieldResolver(() => [String], { description: TOPICS })
  topics(@Root() c: FarcasterCast, @Ctx() ctx: Context) { return topicsOf(ctx, castKey(c)); }

  @FieldResolver(() => [String], { description: CASHTAGS })
  cashtags(@Root() c: FarcasterCast, @Ctx() ctx: Context) { return cashtagsOf(ctx, castKey(c)); }
}

@Resolver(() => LensPublication)
export class LensPublicationContentResolver {
  @FieldResolver(() => [Category], { description: CATEGORIES })
  categories(@Root() p: LensPublication, @Ctx() ctx: Context) { return categoriesOf(ctx, publicationKey(p)); }

  @FieldResolver(() => [String], { description: TOPICS })
  topics(@Root() p: LensPublication, @Ctx() ctx: Context) { return topicsOf(ctx, publicationKey(p)); }

  @FieldResolver(() => [String], { description: CASHTAGS })
  cashtags(@Root() p: LensPublication, @Ctx() ctx: Context) { return cashtagsOf(ctx, publicationKey(p)); }
}
