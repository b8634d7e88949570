// Categories (getCategories, getPublicationsByCategory, getTopCategories):
// the fixed taxonomy, the posts of a category on a day, and categories by USD collected.
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GLOBAL_ID, Node } from './node.type';
import { globalId } from '../node/global-id';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import type { CategoryPublicationRow } from '../../repositories/category.repository';
import type { Category as TaxonomyCategory } from '../../domain/taxonomy';
import { Protocol } from '../enums/public-enums';

@ObjectType({ implements: Node, description: 'A category of the fixed taxonomy; its nativeId is stable (the trending `categories` filter uses it).' })
export class Category implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => Int, { description: 'Stable id (1 defi … 15 health today): it never changes and is never reused; the trending `categories` filter takes it (what `id` answered before ids were global).' }) nativeId!: number;
  @Field(() => String, { description: 'Lowercase name; `category` arguments match it case-insensitively.' }) name!: string;
  @Field(() => String, { description: 'What the category covers, in one sentence (GraphQL only).' }) description!: string;
}

export const toCategory = (c: TaxonomyCategory): Category => ({ id: globalId('Category', c.id), nativeId: c.id, name: c.name, description: c.description });

@ObjectType({ description: 'A live post in a category with the reactions it received from others.' })
export class CategoryPublication {
  @Field(() => String, { description: 'Cast hash (Farcaster) or publication id (Lens).' }) publicationId!: string;
  @Field(() => String, { description: 'The category name.' }) category!: string;
  @Field(() => Int, {
    description: 'Reactions by others: live Farcaster likes + recasts, Lens UPVOTEs (DOWNVOTE never counts); REST prints it as a decimal string (`reactioncount`).',
  }) reactionCount!: number;
  @Field(() => Protocol, { description: 'The network the post is on.' }) protocol!: string;
  @Field(() => String, { description: 'fid as decimal text (Farcaster) or Lens profile id.' }) authorId!: string;
  @Field(() => Date, { description: 'When the post was published (UTC); its UTC day is the day asked for.' }) postedAt!: Date;
}

export const toCategoryPublication = (category: string) => (r: CategoryPublicationRow): CategoryPublication => ({
  publicationId: r.post_id, category, reactionCount: r.reactions, protocol: r.protocol, authorId: r.author_id, postedAt: r.posted_at,
});

@ObjectType({ description: 'A category by USD collected on its Lens publications (getTopCategories): a row of a ranking under a filter, not a Node (node() does not refetch it); its id is unique to the category and the filter, so caches keep one row per filter.' })
export class LensTopCategory {
  @Field(() => ID, { description: 'The row\'s id: the category and the filter (currency, month, year); opaque and unique across all types, not a Node id.' }) id!: string;
  @Field(() => Int, { description: 'The category id (as Category.nativeId; what `id` answered before ids were global).' }) nativeId!: number;
  @Field(() => String, { description: 'The category name, lowercase (as Category.name).' }) name!: string;
  @Field(() => Int, { description: 'Collects (by others) of publications in the category; a publication in several categories counts for each.' }) collects!: number;
  @Field(() => Float, { description: 'USD of those collects (as lensTopCreators.usdTotal).' }) usdAmount!: number;
}

@ObjectType({ description: 'A post of the category with its place in the list.' })
export class CategoryPostEdge extends Edge(CategoryPublication) {}

@ObjectType({ description: 'Live posts of a category on a UTC day, most reactions from others first, then publicationId (byte order); offset-paged (cursors are positions, `page` addresses the same slices).' })
export class CategoryPostConnection extends Connection(CategoryPostEdge, {
  totalCount: 'All live posts of the category on that day.', paged: OFFSET_PAGED,
}) {}
