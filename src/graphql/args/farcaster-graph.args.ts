import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { badInput } from '../../errors/app-error';

/** CONTRACT §3: lists default to 20 items, at most 100. */
export const MAX_PAGE_SIZE = 100;

@ArgsType()
export class FarcasterPageArgs {
  @Field(() => Int, { defaultValue: 20, description: 'Page size, 1..100.' }) @Min(1) @Max(MAX_PAGE_SIZE) first!: number;
  @Field(() => String, { nullable: true, description: 'endCursor (or an edge cursor) of the previous page.' }) @NoNul() after?: string | null;
  @Field(() => Int, { nullable: true, description: '1-based page of `first` items, instead of `after` (the REST face pages this way).' })
  @IsOptional() @Min(1) page?: number | null;
}

@ArgsType()
export class FarcasterEngagementArgs {
  @Field(() => Int, { defaultValue: 20, description: 'Counterparts per list, 1..100.' }) @Min(1) @Max(MAX_PAGE_SIZE) limit!: number;
}

@ArgsType()
export class VerificationArgs {
  @Field(() => String, { nullable: true, description: '`ethereum` or `solana`; all live verifications when absent.' }) @NoNul() protocol?: string | null;
}

// Offset cursors: opaque to clients, so a page number and a cursor address the same slice.
const PREFIX = 'o:';
export const encodeOffset = (offset: number) => Buffer.from(`${PREFIX}${offset}`).toString('base64url');

function decodeOffset(raw: string): number {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const n = text.startsWith(PREFIX) && /^\d{1,9}$/.test(text.slice(PREFIX.length)) ? Number(text.slice(PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(n)) throw badInput('after is not a cursor returned by this API');
  return n;
}

export interface PageWindow { limit: number; offset: number; page: number }

export function pageWindow({ first, after, page }: FarcasterPageArgs): PageWindow {
  if (after && page != null) throw badInput('give either after or page, not both');
  const offset = after ? decodeOffset(after) : ((page ?? 1) - 1) * first;
  if (offset > 1_000_000_000) throw badInput('page is out of range');
  return { limit: first, offset, page: Math.floor(offset / first) + 1 };
}

/** A connection over one slice: `rows` holds up to limit + 1 rows (the extra one tells hasNextPage). */
export function connection<R, E>(w: PageWindow, total: number, rows: readonly R[], edge: (r: R, cursor: string) => E | null) {
  const slice = rows.slice(0, w.limit);
  const edges = slice.flatMap((r, i) => { const e = edge(r, encodeOffset(w.offset + i + 1)); return e ? [e] : []; });
  return {
    totalCount: total, page: w.page, totalPages: Math.ceil(total / w.limit), edges,
    pageInfo: { hasNextPage: rows.length > w.limit, endCursor: slice.length ? encodeOffset(w.offset + slice.length) : null },
  };
}
