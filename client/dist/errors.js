// The one error a request can end in. The service follows GraphQL-over-HTTP:
// a request that ran answers 200 with whatever data it resolved and an error
// per failed field, so the error carries that partial data next to the codes.
export class ServiceError extends Error {
    code;
    errors;
    data;
    status;
    retryAfter;
    name = 'ServiceError';
    constructor(
    /** The first error's code (the one a UI usually branches on). */
    code, message, 
    /** Every error of the answer ([] for transport errors). */
    errors, 
    /** Partial data: the fields that did resolve (null when nothing ran). */
    data, 
    /** HTTP status of the answer; 0 when none arrived. */
    status, 
    /** Seconds to wait before retrying, from Retry-After (RATE_LIMITED, SERVICE_UNAVAILABLE); null when absent. */
    retryAfter, options) {
        super(message, options);
        this.code = code;
        this.errors = errors;
        this.data = data;
        this.status = status;
        this.retryAfter = retryAfter;
    }
    /** Whether any error of the answer has this code. */
    has(code) {
        return this.code === code || this.errors.some((e) => e.extensions?.code === code);
    }
    /** The error of one answer field (an alias or a nested path), if that field failed. */
    errorAt(...path) {
        return this.errors.find((e) => path.every((p, i) => e.path?.[i] === p));
    }
}
