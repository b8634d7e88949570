/** The codes the service puts in `errors[].extensions.code` (docs/api.md). */
export type ServiceErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR' | 'PERSISTED_QUERY_NOT_FOUND' | 'PERSISTED_QUERY_NOT_SUPPORTED';
/** What went wrong before any GraphQL answer was read: no answer, or not a GraphQL one. */
export type TransportErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE';
/** Known codes autocomplete; a code a newer server adds still type-checks as a string. */
export type ErrorCode = ServiceErrorCode | TransportErrorCode | (string & {});
export interface GraphQLErrorEntry {
    message: string;
    /** The answer field the error belongs to, by its alias when the query gave one. */
    path?: ReadonlyArray<string | number>;
    locations?: ReadonlyArray<{
        line: number;
        column: number;
    }>;
    extensions?: {
        code?: ErrorCode;
        [key: string]: unknown;
    };
}
export declare class ServiceError<TData = unknown> extends Error {
    /** The first error's code (the one a UI usually branches on). */
    readonly code: ErrorCode;
    /** Every error of the answer ([] for transport errors). */
    readonly errors: readonly GraphQLErrorEntry[];
    /** Partial data: the fields that did resolve (null when nothing ran). */
    readonly data: TData | null;
    /** HTTP status of the answer; 0 when none arrived. */
    readonly status: number;
    /** Seconds to wait before retrying, from Retry-After (RATE_LIMITED, SERVICE_UNAVAILABLE); null when absent. */
    readonly retryAfter: number | null;
    readonly name = "ServiceError";
    constructor(
    /** The first error's code (the one a UI usually branches on). */
    code: ErrorCode, message: string, 
    /** Every error of the answer ([] for transport errors). */
    errors: readonly GraphQLErrorEntry[], 
    /** Partial data: the fields that did resolve (null when nothing ran). */
    data: TData | null, 
    /** HTTP status of the answer; 0 when none arrived. */
    status: number, 
    /** Seconds to wait before retrying, from Retry-After (RATE_LIMITED, SERVICE_UNAVAILABLE); null when absent. */
    retryAfter: number | null, options?: {
        cause?: unknown;
    });
    /** Whether any error of the answer has this code. */
    has(code: ErrorCode): boolean;
    /** The error of one answer field (an alias or a nested path), if that field failed. */
    errorAt(...path: Array<string | number>): GraphQLErrorEntry | undefined;
}
