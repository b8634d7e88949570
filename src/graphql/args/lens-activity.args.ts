// Arguments of the Lens engagement, collect and publication fields. The collect
// filter is checked by collectWindow (one message per rule, naming the field).
import { Max, Min } from 'class-validator';
import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { PAGE_SIZE } from '../../queries/pagination';
import { badInput } from '../../errors/app-error';
import { requireYear } from '../../domain/days';
import type { CollectWindow } from '../../repositories/lens-collects.repository';

@InputType({ description: 'Which collects count: a currency, a UTC calendar year, or a month of a year; an absent field does not filter.' })
export class LensCollectFilter {
  @Field(() => String, { nullable: true, description: 'Currency symbol, case-insensitive.' }) currency?: string | null;
  @Field(() => Int, { nullable: true, description: '1..12; needs `year`.' }) month?: number | null;
  @Field(() => Int, { nullable: true, description: 'Four digits; alone, the whole UTC year.' }) year?: number | null;
}

/** The filter as a UTC [from, to) range and an upper-cased symbol; BAD_USER_INPUT naming the field otherwise (fields of an input object are not validated by decorators, so NUL is checked here). */
export function collectWindow(f: LensCollectFilter | null | undefined): CollectWindow {
  if (f?.currency?.includes('\u0000')) throw badInput('currency must not contain a NUL character');
  const currency = f?.currency?.trim() ? f.currency.trim().toUpperCase() : null;
  const month = f?.month ?? null;
  const year = f?.year ?? null;
  if (year !== null) requireYear('year', year);
  if (month !== null && (month < 1 || month > 12)) throw badInput(`month must be between 1 and 12; got ${month}`);
  if (month !== null && year === null) throw badInput('month requires year');
  if (year === null) return { currency, from: null, to: null };
  if (month === null) return { currency, from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
  return { currency, from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}

@ArgsType()
export class EngagementArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Items per list, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class CollectFilterArgs {
  @Field(() => LensCollectFilter, { nullable: true }) filter?: LensCollectFilter | null;
}

@ArgsType()
export class CollectConnectionArgs extends CollectFilterArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default }) @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) first!: number;
  @Field(() => String, { nullable: true, description: 'endCursor of the previous page.' }) @NoNul() after?: string | null;
}

@ArgsType()
export class CollectPageArgs extends CollectFilterArgs {
  @Field(() => Int, { defaultValue: 1, description: '1-based page (REST paging).' }) @Min(1) page!: number;
  @Field(() => Int, { defaultValue: PAGE_SIZE.default }) @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class TopCreatorsArgs extends CollectFilterArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default }) @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE.default }) @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) first!: number;
  @Field(() => String, { nullable: true, description: 'endCursor of the previous page.' }) @NoNul() after?: string | null;
}
