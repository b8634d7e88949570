import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Request } from 'express';
import { getOperationAST } from 'graphql';
import { cacheableOperation } from '../graphql/answer-cache.plugin';
import { operationScopes, type FieldScope } from '../graphql/root-field-scopes';
import type { RouteProtocols } from './freshness-headers';
import { operationVariables } from './operation-variables';

/** The single-entity roots: null only with a NOT_FOUND error, which the router answers as a 404 before `answer` runs. */
export const ENTITY_ROOTS = ['farcasterUser', 'lensProfile', 'farcasterChannel', 'farcasterNotifications', 'lensNotifications'] as const;
type EntityRoot = typeof ENTITY_ROOTS[number];

/** An operation's data as `answer` sees it: the entity roots it asked for are there. */
export type Found<T> = Omit<T, EntityRoot> & { [K in Extract<keyof T, EntityRoot>]-?: NonNullable<T[K]> };

/**
 * One REST path of the earlier service: which GraphQL operation answers it,
 * and which part of `data` is the body. Its variables come from the
 * operation's own variable definitions (see operation-variables.ts).
 */
export interface RestRoute<TData = unknown, TVars = Record<string, unknown>> {
  method: 'get' | 'post' | 'delete';
  path: string;
  /** What the route answers, in a few words, for the OpenAPI summary (its description says the rest); no two routes share one. */
  summary: string;
  /** The earlier service's operation name (getUserProfile …), kept as it spelled it, for docs and logs. */
  name: string;
  document: TypedDocumentNode<TData, TVars>;
  /** Variables whose REST parameter has another name, by variable name: `{ first: 'limit' }`. */
  renames?: Partial<Record<keyof TVars & string, string>>;
  /** The variable (an input object) that the whole JSON body is. */
  bodyVariable?: keyof TVars & string;
  /** Path, query and body as the operation's variables; built from the document. */
  variables: (req: Request) => Record<string, unknown>;
  answer: (data: Found<TData>) => unknown;
  /** The status of a success: 200 (default), 201 for a route that creates, 204 (no body; `answer` is not called) for one that deletes. */
  success?: 200 | 201 | 204;
  /** Whose protocol_state the freshness headers of its answers come from. */
  protocols: RouteProtocols;
  /** A sample call (on fid 1 / profile 0x01): shown by GET /api/docs, run by the REST == GraphQL test. */
  example: { path?: string; query?: string; body?: unknown };
}

/**
 * Keeps each entry's `answer` typed against its own document, and reads its variables from that document.
 * The cast erases the entry's own data and variable types so that routes of different operations fit one list;
 * the entry was checked against its own types at this call.
 */
export const route = <TData, TVars>(r: Omit<RestRoute<TData, TVars>, 'variables'>) =>
  ({ ...r, variables: operationVariables(r as Parameters<typeof operationVariables>[0]) }) as unknown as RestRoute;

/**
 * Whether the route's answers are about the calling API key's own records, not
 * the protocols' data: its operation writes (a mutation) or reads a per-key
 * field (`webhooks`, `webhook`). Such answers are never kept in the answer
 * cache (whose key holds data versions, not the API key), and are left out of
 * the checks that compare data answers between faces and servers (they have
 * their own tests).
 */
export function isKeyScoped(r: Pick<RestRoute, 'document'>): boolean {
  const operation = getOperationAST(r.document);
  return !operation || !cacheableOperation(operation, r.document);
}

/** The root fields of the route's operation with the scope each needs (root-field-scopes.ts). */
export function routeScopes(r: Pick<RestRoute, 'document' | 'path'>): FieldScope[] {
  const operation = getOperationAST(r.document);
  if (!operation) throw new Error(`${r.path}: its document needs one operation`);
  return operationScopes(operation, r.document);
}
