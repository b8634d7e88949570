// The arguments of every connection: forward (`first` / `after`) or backward
// (`last` / `before`), read by pagingOf in queries/pagination, which refuses a
// mix. `first` has no default in the schema: a default would be indistinguishable
// from a `first` the client gave alongside `last`.
import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { PAGE_SIZE } from '../../queries/pagination';

@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, {
    nullable: true,
    description: `Page forward: this many items from the start, or after \`after\`; ${PAGE_SIZE.min}..${PAGE_SIZE.max}, ${PAGE_SIZE.default} when neither \`first\` nor \`last\` is given. Not with \`last\`.`,
  })
  @IsOptional() @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) first?: number | null;

  @Field(() => String, { nullable: true, description: 'The items after this cursor (`pageInfo.endCursor`, or any edge\'s cursor); with `first`, not with `before`.' })
  @NoNul() after?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: `Page backward: this many items up to the end of the list, or before \`before\`, still in list order; ${PAGE_SIZE.min}..${PAGE_SIZE.max}. Not with \`first\`.`,
  })
  @IsOptional() @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) last?: number | null;

  @Field(() => String, { nullable: true, description: 'The items before this cursor (`pageInfo.startCursor`, or any edge\'s cursor); with `last` (or alone: the default size), not with `after`.' })
  @NoNul() before?: string | null;
}

/** Offset-paged lists: a page number too, the REST face's way of paging. */
@ArgsType()
export class PagedConnectionArgs extends ConnectionArgs {
  @Field(() => Int, { nullable: true, description: '1-based page of `first` items (the REST face pages this way): the same slice as the matching `after` cursor. Not with `after`, `last` or `before`.' })
  @IsOptional() @Min(1) page?: number | null;
}
