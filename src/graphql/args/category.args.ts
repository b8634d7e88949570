// Arguments of the category queries: 1-based pages of at most 100 items. The
// category name is checked by its decorator, the date where it is used (a 400
// naming the argument in both cases).
import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { IsCategoryName } from './choice.validators';
import { PagedConnectionArgs } from './connection.args';
import { PAGE_SIZE } from '../../queries/pagination';
import { DateScalar } from '../scalars/date.scalar';

@ArgsType()
export class CategoryPublicationsArgs {
  @Field(() => String, { description: 'A category name (see `categories`), case-insensitive.' }) @IsCategoryName() category!: string;
  @Field(() => DateScalar, { nullable: true, description: 'UTC day; default the newest day with classified posts.' }) date?: string | null;
  @Field(() => Int, { defaultValue: 1, description: '1-based page.' }) @Min(1) page!: number;
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class CategoryPostsArgs extends PagedConnectionArgs {
  @Field(() => String, { description: 'A category name (see `categories`), case-insensitive.' }) @IsCategoryName() category!: string;
  @Field(() => DateScalar, { nullable: true, description: 'UTC day; default the newest day with classified posts.' }) date?: string | null;
}
