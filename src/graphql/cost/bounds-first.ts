// The bounds that refuse a query for its shape (graphql-armor's depth, alias
// and directive limits) and for its cost run before graphql's own validation
// rules. graphql-js runs its rules side by side in one walk of every node of
// the document, each value of a list literal included, with type information;
// on the queries the bounds are there to refuse (thousands of literal ids under
// dozens of aliases) that walk costs many times what the bounds cost, since
// they read the selections only and cost each one once.
import {
  Kind, TypeInfo, ValidationContext, visit, visitInParallel,
  type ASTVisitorKeyMap, type DocumentNode, type GraphQLError, type ValidationRule,
} from 'graphql';

/** The bounds are given the document's definitions, not their insides: armor's rules read an operation's selections themselves, following its fragments. */
const DEFINITIONS_ONLY: ASTVisitorKeyMap = { Document: ['definitions'] };

/** What validation walks once the bounds have refused: nothing. */
const NOTHING: DocumentNode = Object.freeze({ kind: Kind.DOCUMENT, definitions: [] });

/**
 * One validation rule, placed among graphql's: when the document is entered, before any rule walks inside it,
 * it runs `bounds` (rules that act on whole operations) and then, if they pass, `refusal` (the cost). When they
 * refuse, their errors are reported and the walk goes on in an empty document in its place (a visitor may
 * replace the node it enters), so no rule walks the refused query: what they would add to a refusal is of no use
 * to the client, and costs the most on the largest queries.
 */
export function boundsFirst(bounds: readonly ValidationRule[], refusal?: (context: ValidationContext) => GraphQLError | null): ValidationRule {
  return (context) => ({
    Document: {
      enter(document: DocumentNode) {
        const errors: GraphQLError[] = [];
        const schema = context.getSchema();
        const own = new ValidationContext(schema, document, new TypeInfo(schema), (e) => { errors.push(e); });
        visit(document, visitInParallel(bounds.map((rule) => rule(own))), DEFINITIONS_ONLY);
        const costly = errors.length ? null : refusal?.(context);
        if (costly) errors.push(costly);
        if (!errors.length) return undefined;
        for (const e of errors) context.reportError(e);
        return NOTHING;
      },
    },
  });
}
