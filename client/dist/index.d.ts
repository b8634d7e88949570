export { createClient, isServiceError, type Client, type ClientOptions, type RequestOptions } from './client.js';
export { ServiceError, type ErrorCode, type ServiceErrorCode, type TransportErrorCode, type GraphQLErrorEntry } from './errors.js';
export * from './generated/graphql.js';
export { possibleTypes } from './generated/cache-policies.js';
