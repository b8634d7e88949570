/** Each interface and union → the object types that may answer for it (Apollo Client's `possibleTypes`). */
export declare const possibleTypes: {
    [abstractType: string]: string[];
};
/** Object types with a non-null `id`: entities, one normalized copy per type and id. */
export declare const entityTypes: readonly string[];
/** Object types whose `id` may be null: an entity when it has one, else embedded in its parent. */
export declare const nullableIdTypes: readonly string[];
/**
 * Object types without an id and not connections: values that belong to the field holding them
 * (a profile's stats, metadata, ranks). A newer answer for the same field merges into the one stored.
 */
export declare const embeddedTypes: readonly string[];
/**
 * Per type, each field that answers a Relay connection → its arguments that select another list
 * (every argument but first, after, last and before, which only move within one list).
 */
export declare const connectionFields: {
    [typename: string]: {
        [field: string]: readonly string[];
    };
};
