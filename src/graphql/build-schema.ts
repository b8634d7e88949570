import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { CountsResolver } from './resolvers/counts.resolver';
import { FarcasterUserResolver } from './resolvers/farcaster-user.resolver';
import { LensProfileResolver } from './resolvers/lens-profile.resolver';

export const RESOLVERS = [FarcasterUserResolver, LensProfileResolver, CountsResolver] as const;

let cached: GraphQLSchema | undefined;

/** Built once per process; both faces execute against this one schema. */
export function appSchema(): GraphQLSchema {
  cached ??= buildSchemaSync({
    resolvers: RESOLVERS,
    validate: { forbidUnknownValues: false },
  });
  return cached;
}
