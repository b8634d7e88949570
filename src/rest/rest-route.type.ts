import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Request } from 'express';

/**
 * One REST path of the earlier service: which GraphQL operation answers it,
 * how path/query/body become variables, and which part of `data` is the body.
 */
export interface RestRoute<TData = unknown, TVars = Record<string, unknown>> {
  method: 'get' | 'post';
  path: string;
  /** The seed's operation name (getUserProfile …), for docs and logs. */
  name: string;
  document: TypedDocumentNode<TData, TVars>;
  variables: (req: Request) => Record<string, unknown>;
  answer: (data: TData) => unknown;
  /** A sample call (on fid 1 / profile 0x01): shown by GET /api/docs, run by the REST == GraphQL test. */
  example: { path?: string; query?: string; body?: unknown };
}

/** Keeps each entry's `answer` typed against its own document. */
export const route = <TData, TVars>(r: RestRoute<TData, TVars>) => r as unknown as RestRoute;
