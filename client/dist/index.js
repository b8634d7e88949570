// The package: the client, its error, and every typed document and type
// generated from client/operations against the service's schema.
export { createClient, isServiceError } from './client.js';
export { ServiceError } from './errors.js';
export * from './generated/graphql.js';
export { possibleTypes } from './generated/cache-policies.js';
