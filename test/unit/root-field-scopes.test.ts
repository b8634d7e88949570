// Every root field of the schema declares the scope it needs (so a new field
// cannot forget it), the webhook fields and only they need `webhooks`, and an
// operation's scopes are found through fragments whatever its aliases.
import 'reflect-metadata';
import { getOperationAST, parse } from 'graphql';
import { appSchema } from '../../src/graphql/build-schema';
import { operationScopes, ROOT_FIELD_SCOPES, scopeRefusal } from '../../src/graphql/root-field-scopes';
import { SCOPES } from '../../src/auth/scopes';

const schema = appSchema();
const roots = { query: schema.getQueryType()!, mutation: schema.getMutationType()!, subscription: schema.getSubscriptionType()! };

const scopesOf = (text: string) => {
  const document = parse(text);
  return operationScopes(getOperationAST(document)!, document);
};

describe('the scope of each root field', () => {
  it.each(Object.entries(roots))('when the schema is built, then every %s field has a scope, and the table names no field the schema lacks', (kind, type) => {
    const table = ROOT_FIELD_SCOPES[kind as keyof typeof roots];
    const fields = Object.keys(type.getFields());
    expect(fields.filter((f) => !Object.hasOwn(table, f))).toEqual([]);
    expect(Object.keys(table).filter((f) => !fields.includes(f))).toEqual([]);
    for (const scope of Object.values(table)) expect(SCOPES).toContain(scope);
  });

  it('when the table is read, then the webhooks and their deliveries need webhooks, everything else (the live events too) read', () => {
    const needing = (scope: string) => Object.entries(ROOT_FIELD_SCOPES).flatMap(([kind, t]) => Object.entries(t).filter(([, s]) => s === scope).map(([f]) => `${kind}.${f}`));
    expect(needing('webhooks').sort()).toEqual(['mutation.createWebhook', 'mutation.deleteWebhook', 'query.webhook', 'query.webhooks']);
    expect(needing('read')).toContain('subscription.pushEvents');
    // Every query but the two webhook ones, the subscription, and marking notifications seen (the key's own mark).
    expect(needing('read')).toHaveLength(Object.keys(roots.query.getFields()).length - 2 + 1 + 1);
    expect(needing('read')).toContain('mutation.markNotificationsSeen');
  });

  it('when an operation selects root fields by alias, fragment or inline fragment, then each is found by its name; introspection needs none', () => {
    expect(scopesOf('{ a: farcasterUser(fid: 1) { fid } __typename }')).toEqual([{ field: 'farcasterUser', scope: 'read' }]);
    expect(scopesOf('query { ...Q } fragment Q on Query { ... on Query { mine: webhooks { totalCount } } trending { __typename } }'))
      .toEqual([{ field: 'webhooks', scope: 'webhooks' }, { field: 'trending', scope: 'read' }]);
    expect(scopesOf('mutation { deleteWebhook(id: "x") }')).toEqual([{ field: 'deleteWebhook', scope: 'webhooks' }]);
    expect(scopesOf('{ __schema { queryType { name } } }')).toEqual([]);
    // A name the table lacks (validation refuses it first on every face) is found with no scope.
    expect(scopesOf('{ constructor }')).toEqual([{ field: 'constructor', scope: null }]);
  });

  it('when a key lacks a scope an operation needs, then FORBIDDEN naming the first missing one; an undeclared field is refused as a bug', () => {
    const mixed = scopesOf('{ farcasterUser(fid: 1) { fid } webhook(id: "x") { id } }');
    expect(scopeRefusal({ scopes: ['read', 'webhooks'] }, mixed)).toBeNull();
    expect(scopeRefusal({ scopes: ['read'] }, mixed)).toMatchObject({ code: 'FORBIDDEN', status: 403, message: 'This API key lacks the webhooks scope, which webhook needs' });
    expect(scopeRefusal({ scopes: ['webhooks'] }, mixed)).toMatchObject({ code: 'FORBIDDEN', message: 'This API key lacks the read scope, which farcasterUser needs' });
    expect(scopeRefusal({ scopes: SCOPES }, [{ field: 'newField', scope: null }])).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', isOperational: false });
  });
});
