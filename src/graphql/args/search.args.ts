// Arguments of user and post search, paged like every connection.
import { IsOptional, Length, Max, Min } from 'class-validator';
import { ArgsType, Field, Float } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import { SEARCH_QUERY_MAX } from '../../domain/search';
import { Protocol } from '../enums/public-enums';
import { ConnectionArgs } from './connection.args';
import { NoNul } from './text.validators';

const MIN_QUALITY = 'Only accounts whose quality score (how likely a real account, not spam: 0..1, at the last analytics refresh) is at least this; an account the refresh did not score is left out. Omit it to keep every account.';

@ArgsType()
export class SearchUsersArgs extends ConnectionArgs {
  @Field(() => String, { description: `What to look for in usernames, fnames, ENS names and basenames, Lens handles and display names: exact, prefix, substring or a near spelling (a typo); any case, a leading \`@\` ignored. 1..${SEARCH_QUERY_MAX} characters.` })
  @Length(1, SEARCH_QUERY_MAX) @NoNul() query!: string;

  @Field(() => Protocol, { nullable: true, description: 'Only accounts of this protocol; both when omitted.' })
  @IsOptional() protocol?: ProtocolName | null;

  @Field(() => Float, { nullable: true, description: MIN_QUALITY })
  @IsOptional() @Min(0) @Max(1) minQuality?: number | null;
}

@ArgsType()
export class SearchPostsArgs extends ConnectionArgs {
  @Field(() => String, {
    description: `Words (all of them, any order), "a phrase" (in order), -word (without it), \`or\` between alternatives; $CASHTAGS (the symbol written with its \`$\`) and @names (a Farcaster username or fname the cast mentions, a Lens handle written in the content). Any case. 1..${SEARCH_QUERY_MAX} characters.`,
  })
  @Length(1, SEARCH_QUERY_MAX) @NoNul() query!: string;

  @Field(() => Protocol, { nullable: true, description: 'Only posts of this protocol; both when omitted.' })
  @IsOptional() protocol?: ProtocolName | null;

  @Field(() => String, { nullable: true, description: 'Only posts by this author: a fid (decimal) or a Lens profile id (`0x…`); it narrows the search to its protocol.' })
  @IsOptional() @NoNul() author?: string | null;

  @Field(() => String, { nullable: true, description: 'Only casts posted in this Farcaster channel (its name, e.g. `memes`, or its parent URL; top-level casts carry it); it narrows the search to Farcaster.' })
  @IsOptional() @Length(1, 1000) @NoNul() channel?: string | null;

  @Field(() => Date, { nullable: true, description: 'Only posts posted at or after this instant.' })
  @IsOptional() since?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Only posts posted before this instant.' })
  @IsOptional() until?: Date | null;

  @Field(() => Float, { nullable: true, description: MIN_QUALITY.replace('Only accounts', 'Only posts by authors').replace('an account the', 'an author the') })
  @IsOptional() @Min(0) @Max(1) minQuality?: number | null;
}
