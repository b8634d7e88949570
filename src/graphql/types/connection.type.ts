// Relay-style lists: every Edge and Connection type of the schema is built by
// the two factories below (type-graphql's generic types: a function returning
// an abstract class, which a named class extends). A list's own types only give
// the node, a name and a description; the ways lists differ are options. The
// abstract classes are never reachable from a query, so only the named ones
// reach the schema.
import { Field, Int, ObjectType, type ClassType } from 'type-graphql';

type Abstract<T> = abstract new () => T;
/** The type function a field decorator takes (`() => Int`). */
type ReturnTypeFunc = NonNullable<Parameters<typeof Field>[0]>;

@ObjectType()
export class PageInfo {
  @Field(() => Boolean) hasNextPage!: boolean;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
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
}

export function Edge<TNode extends object>(Node: ClassType<TNode>): Abstract<EdgeShape<TNode>>;
export function Edge<TNode extends object>(Node: ClassType<TNode>, options: { followedAt: FieldNote }): Abstract<EdgeShape<TNode> & { followedAt: Date }>;
export function Edge<TNode extends object>(Node: ClassType<TNode>, options: EdgeOptions = {}) {
  @ObjectType()
  abstract class EdgeClass {
    @Field(() => String) cursor!: string;
    @OptionalField(options.followedAt, () => Date) followedAt?: Date;
    @Field(() => Node) node!: TNode;
  }
  return EdgeClass;
}

export interface ConnectionShape<TEdge> { edges: TEdge[]; pageInfo: PageInfo }
export interface TotalsShape { totalCount: number; page: number; totalPages: number }

export interface ConnectionOptions {
  /**
   * Offset-paged lists (a page number or a cursor) also report their size:
   * totalCount, page and totalPages. The values are those fields' descriptions.
   */
  totals?: { totalCount?: string; page?: string; totalPages?: string };
}

export function Connection<TEdge extends object>(EdgeType: ClassType<TEdge>): Abstract<ConnectionShape<TEdge>>;
export function Connection<TEdge extends object>(EdgeType: ClassType<TEdge>, options: Required<ConnectionOptions>): Abstract<ConnectionShape<TEdge> & TotalsShape>;
export function Connection<TEdge extends object>(EdgeType: ClassType<TEdge>, { totals }: ConnectionOptions = {}) {
  const total = (description: string | undefined): FieldNote | undefined => (totals ? { description } : undefined);
  @ObjectType()
  abstract class ConnectionClass {
    @OptionalField(total(totals?.totalCount), () => Int) totalCount?: number;
    @OptionalField(total(totals?.page), () => Int) page?: number;
    @OptionalField(total(totals?.totalPages), () => Int) totalPages?: number;
    @Field(() => [EdgeType]) edges!: TEdge[];
    @Field(() => PageInfo) pageInfo!: PageInfo;
  }
  return ConnectionClass;
}
