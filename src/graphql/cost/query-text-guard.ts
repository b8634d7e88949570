// Bounds a query's text before anything parses it: its size, how deeply `[`
// and `{` nest (graphql-js parses values recursively) and its tokens, which
// parsing, validation and costing all take time in proportion to. The
// variables are bounded in nesting only: they are JSON the body parser has
// already read, and list sizes in them are counted by the cost.
import type { RequestHandler } from 'express';
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import { badInput } from '../../errors/app-error';
import { textNesting, valueNesting } from './nesting-guard';

export interface QueryTextLimits {
  /** GRAPHQL_MAX_QUERY_BYTES */
  maxBytes: number;
  /** GRAPHQL_MAX_NESTING */
  maxNesting: number;
  /** GRAPHQL_MAX_TOKENS */
  maxTokens: number;
}

/**
 * Tokens of GraphQL text as graphql's parser counts them against its maxTokens
 * (comments and commas are not tokens), stopping at `max + 1`. A text that does
 * not lex counts up to the fault: the parser then says what it is.
 */
export function tokenCount(text: string, max = Infinity): number {
  const lexer = new Lexer(new Source(text));
  let n = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) {
      n += 1;
      if (n > max) return n;
    }
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
  }
  return n;
}

/** What is wrong with a query text, in a client's words, or null. */
export function queryTextProblem(query: string, limits: QueryTextLimits): string | null {
  const bytes = Buffer.byteLength(query);
  if (bytes > limits.maxBytes) return `Query of ${bytes} bytes exceeds the limit of ${limits.maxBytes} bytes; ask for fewer fields, or send long lists as variables`;
  if (textNesting(query, limits.maxNesting) > limits.maxNesting) return `Query nests deeper than ${limits.maxNesting} levels of [ and {`;
  // Every token is at least one character long, so a text no longer than the bound is within it and is not lexed.
  if (query.length > limits.maxTokens && tokenCount(query, limits.maxTokens) > limits.maxTokens) {
    return `Query exceeds the limit of ${limits.maxTokens} tokens; ask for fewer fields, or send long lists as variables`;
  }
  return null;
}

function check(params: unknown, limits: QueryTextLimits): string | null {
  if (typeof params !== 'object' || params === null) return null;
  const { query, variables } = params as { query?: unknown; variables?: unknown };
  const problem = typeof query === 'string' ? queryTextProblem(query, limits) : null;
  if (problem) return problem;
  const vars = typeof variables === 'string' ? textNesting(variables, limits.maxNesting) : valueNesting(variables, limits.maxNesting);
  return vars > limits.maxNesting ? `Variables nest deeper than ${limits.maxNesting} levels of [ and {` : null;
}

/**
 * Express middleware for /graphql, after the JSON body parser (JSON.parse is
 * not recursive): checks the POST body (one operation or a batch) and GET's
 * `query`/`variables` parameters; a breach is a 400 BAD_USER_INPUT for every
 * client, as the body's own limits are. A persisted query sent by its hash
 * alone was checked when its text was registered, which comes through here.
 */
export function queryTextGuard(limits: QueryTextLimits): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    const candidates = [...(Array.isArray(body) ? (body as unknown[]) : [body]), req.query];
    for (const params of candidates) {
      const problem = check(params, limits);
      if (problem) { next(badInput(problem)); return; }
    }
    next();
  };
}
