import type { Request } from 'express';
import * as Doc from '../../generated/graphql/graphql';
import { route } from '../rest-route.type';

/** The seed's body fields only; their types are checked by the schema (a wrong type is a 400 naming it). */
function trendingInput(req: Request) {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) return { input: body };
  const input: Record<string, unknown> = {};
  for (const k of ['page', 'limit', 'ratio', 'protocol', 'categories']) if (body[k] !== undefined && body[k] !== null) input[k] = body[k];
  return { input };
}

export const TRENDING_ROUTES = [
  route({ method: 'post', path: '/api/trending/find', example: { body: { protocol: 'farcaster', ratio: 'month' } }, name: 'findTrendingUsers (seed 4.1)',
    document: Doc.RestTrendingFindDocument, variables: trendingInput, answer: (d) => d.trendingUsers }),
];
