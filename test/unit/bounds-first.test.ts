// The bounds (armor's depth, alias and directive rules, then the cost) run when
// validation enters the document; when they refuse, graphql's own rules do not
// walk it. On the real schema, with the limits of a config.
import { GraphQLError, parse, specifiedRules, validate, type ValidationRule } from 'graphql';
import { armor } from '../../src/graphql/apollo-server';
import { appSchema } from '../../src/graphql/build-schema';
import { boundsFirst } from '../../src/graphql/cost/bounds-first';
import { loadConfig } from '../../src/config/load-config';

const schema = appSchema();
const bounds = armor(loadConfig({}, { LOG_LEVEL: 'silent', GRAPHQL_MAX_DEPTH: 4, GRAPHQL_MAX_ALIASES: 3 })).validationRules;

/** Validates as Apollo does (graphql's rules, then ours), and counts the fields a rule placed after the bounds visits. */
function check(query: string, refusal?: () => GraphQLError | null) {
  let fieldsWalked = 0;
  const walker: ValidationRule = () => ({ Field() { fieldsWalked += 1; } });
  const errors = validate(schema, parse(query), [...specifiedRules, boundsFirst(bounds, refusal), walker]);
  return { messages: errors.map((e) => e.message), fieldsWalked };
}

const DEEP = '{ farcasterUser(fid: 1) { followers(first: 1) { edges { node { followers(first: 1) { edges { node { fid } } } } } } } }';
const ALIASES = '{ a: farcasterUser(fid: 1) { fid } b: farcasterUser(fid: 2) { fid } c: farcasterUser(fid: 3) { fid } d: farcasterUser(fid: 4) { fid } }';

describe('bounds before graphql\'s own rules', () => {
  it('when a query is too deep or has too many aliases, then only the bound says so and no rule walks its fields', () => {
    expect(check(DEEP)).toEqual({ messages: ['Query depth limit of 4 exceeded, found 8.'], fieldsWalked: 0 });
    expect(check(ALIASES)).toEqual({ messages: ['Aliases limit of 3 exceeded, found 4.'], fieldsWalked: 0 });
  });

  it('when the depth comes through fragments, then the bound follows them', () => {
    const q = `{ farcasterUser(fid: 1) { ...A } } fragment A on FarcasterUser { followers(first: 1) { edges { node { ...B } } } }
      fragment B on FarcasterUser { followers(first: 1) { edges { node { fid } } } }`;
    expect(check(q).messages).toEqual(['Query depth limit of 4 exceeded, found 8.']);
  });

  it('when more than 20 directives are used, then the bound says so', () => {
    const q = `{ farcasterUser(fid: 1) { fid ${'@include(if: true) '.repeat(21)} } }`;
    expect(check(q).messages).toEqual(['Directives limit of 20 exceeded, found 21.']);
  });

  it('when the shape bounds pass and the cost refuses, then the cost error is the only one and no rule walks the fields', () => {
    const refusal = jest.fn(() => new GraphQLError('Query cost 99 exceeds the limit of 10'));
    expect(check('{ farcasterUser(fid: 1) { fid username } }', refusal)).toEqual({ messages: ['Query cost 99 exceeds the limit of 10'], fieldsWalked: 0 });
    expect(refusal).toHaveBeenCalledTimes(1);
  });

  it('when a shape bound refuses, then the cost is not asked', () => {
    const refusal = jest.fn(() => null);
    check(DEEP, refusal);
    expect(refusal).not.toHaveBeenCalled();
  });

  it('when the bounds pass, then graphql\'s rules walk the document and report as before', () => {
    expect(check('{ farcasterUser(fid: 1) { fid username } }', () => null)).toEqual({ messages: [], fieldsWalked: 3 });
    expect(check('{ xyzzy farcasterUser(fid: 1) { fid } }').messages).toEqual(['Cannot query field "xyzzy" on type "Query".']);
  });
});
