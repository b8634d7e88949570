// Relay-style lists: every Edge and Connection type of the schema is built by
// the two factories below (type-graphql's generic types: a function returning
// an abstract class, which a named class extends), so every connection has one
// shape: totalCount, edges { cursor node }, pageInfo { hasNextPage
// hasPreviousPage startCursor endCursor }, and page / totalPages on the
// offset-paged ones. A list's own types only give the node, a name and
// descriptions. The abstract classes are never reachable from a query, so only
// the named ones reach the schema.
import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import type { ListPage } from '../../queries/pagination';

type Abstract<T> = abstract new () => T;
/** The type function a field decorator takes (`() => Int`). */
type ReturnTypeFunc = NonNullable<Parameters<typeof Field>[0]>;

@ObjectType({ description: 'Where a page sits in its list (Relay cursor connections): exact in both paging directions.' })
export class PageInfo {
  @Field(() => Boolean, { description: 'Items follow the last edge (paging backward: the `before` cursor\'s item or a later one still exists).' }) hasNextPage!: boolean;
  @Field(() => Boolean, { description: 'Items precede the first edge (paging forward: the `after` cursor\'s item or an earlier one still exists).' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the first edge; `before` it pages backward. Null when there are no edges.' }) startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Cursor of the last edge; `after` it pages forward. Null when there are no edges.' }) endCursor!: string | null;
}

/** A field a list may have: present when its note is given, with the description in it if any. */
export interface FieldNote { description?: string }

/**
 * Declares the field only when `note` is given. Optional fields sit among the
 * others in declaration order, so introspection lists every type's fields in
 * the same order as the schema always has.
 */
function OptionalField(note: FieldNote | undefined, type: ReturnTypeFunc): PropertyDecorator {
  return note ? Field(type, { description: note.description }) : () => undefined;
}

export interface EdgeShape<TNode> { cursor: string; node: TNode }

export interface EdgeOptions {
  /** Follow lists: when the follow happened. */
  followedAt?: FieldNote;
  /** Unfollow lists: when the follow was undone. */
  unfollowedAt?: FieldNote;
}

export function Edge<TNode extends object>(Node: ClassType<TNode>): Abstract<EdgeShape<TNode>>;
export function Edge<TNode extends object>(Node: ClassType<TNode>, options: { followedAt: FieldNote; unfollowedAt?: undefined }): Abstract<EdgeShape<TNode> & { followedAt: Date }>;
export function Edge<TNode extends object>(Node: ClassType<TNode>, options: Required<EdgeOptions>): Abstract<EdgeShape<TNode> & { followedAt: Date; unfollowedAt: Date }>;
export function Edge<TNode extends object>(Node: ClassType<TNode>, options: EdgeOptions = {}) {
  @ObjectType()
  abstract class EdgeClass {
    @Field(() => String, { description: 'This item\'s place in the list, opaque: pass it as `after` for the items after it or `before` for those before it.' }) cursor!: string;
    @OptionalField(options.followedAt, () => Date) followedAt?: Date;
    @OptionalField(options.unfollowedAt, () => Date) unfollowedAt?: Date;
    @Field(() => Node, { description: 'The item.' }) node!: TNode;
  }
  return EdgeClass;
}

export interface ConnectionShape<TEdge> { totalCount: number; edges: TEdge[]; pageInfo: PageInfo }
export interface PagedShape { page: number; totalPages: number }

export interface ConnectionOptions {
  /** What totalCount counts. */
  totalCount: string;
  /**
   * Offset-paged lists (a `page` number or a cursor) also report page and
   * totalPages; the values are those fields' descriptions.
   */
  paged?: { page: string; totalPages: string };
}

export function Connection<TEdge extends object>(EdgeType: ClassType<TEdge>, options: ConnectionOptions & { paged?: undefined }): Abstract<ConnectionShape<TEdge>>;
export function Connection<TEdge extends object>(EdgeType: ClassType<TEdge>, options: Required<ConnectionOptions>): Abstract<ConnectionShape<TEdge> & PagedShape>;
export function Connection<TEdge extends object>(EdgeType: ClassType<TEdge>, { totalCount, paged }: ConnectionOptions) {
  const note = (description: string | undefined): FieldNote | undefined => (paged ? { description } : undefined);
  @ObjectType()
  abstract class ConnectionClass {
    @Field(() => Int, { description: totalCount }) totalCount!: number;
    @OptionalField(note(paged?.page), () => Int) page?: number;
    @OptionalField(note(paged?.totalPages), () => Int) totalPages?: number;
    @Field(() => [EdgeType], { description: 'The page, in list order whichever way it was paged.' }) edges!: TEdge[];
    @Field(() => PageInfo, { description: 'Whether items lie before and after this page, and the cursors to reach them.' }) pageInfo!: PageInfo;
  }
  return ConnectionClass;
}

/** What offset-paged connections say about page and totalPages. */
export const OFFSET_PAGED = {
  page: '1-based page of this slice: its first item\'s position ÷ the page size, rounded down, + 1.',
  totalPages: 'totalCount ÷ the page size (`first` or `last`), rounded up; 0 for an empty list.',
} as const;

/**
 * A connection's value from a list page and its edges. totalCount and
 * totalPages are getters: the count is read only when a client selects them.
 * (Object spread would call them: build connections here only.)
 */
export function connectionOf<R, E>(p: ListPage<R>, edges: E[]) {
  return {
    edges,
    pageInfo: p.pageInfo,
    get page(): number | Promise<number> | undefined { return typeof p.page === 'function' ? p.page() : p.page; },
    get totalCount(): Promise<number> { return p.total(); },
    get totalPages(): Promise<number> { return p.total().then((t) => Math.ceil(t / p.size)); },
  };
}
