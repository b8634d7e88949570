// GraphQL subscriptions over WebSocket (the graphql-ws protocol) on the same
// server and path as GraphQL over HTTP: /graphql. The API key is the `apikey`
// of connectionParams, checked when the connection opens (4403 without a valid
// one); each subscription then needs the key's scopes, as on HTTP. Only
// subscriptions run here: queries and mutations go over HTTP, where the rate
// limits, cost limits and answer cache apply.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { getOperationAST, GraphQLError, OperationTypeNode, parse, specifiedRules, validate, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import type { KeyService } from '../auth/key.service';
import type { AuthenticatedKey } from '../auth/key.types';
import type { Context } from '../graphql/context.type';
import { queryTextProblem, type QueryTextLimits } from '../graphql/cost/query-text-guard';
import { createFormatError } from '../graphql/format-error';
import { operationScopes, scopeRefusal } from '../graphql/root-field-scopes';
import type { ValidationRule } from 'graphql';

export interface SubscriptionServerOptions {
  schema: GraphQLSchema;
  keys: KeyService;
  validationRules: readonly ValidationRule[];
  /** The bounds HTTP applies to a query's text before parsing, applied to each subscription's text too. */
  queryTextLimits: QueryTextLimits;
  contextOf: (key: AuthenticatedKey) => Context;
  log: Logger;
}

export interface SubscriptionServer { close(): Promise<void> }

type Extra = { apiKey?: AuthenticatedKey };

export function attachSubscriptionServer(server: http.Server, o: SubscriptionServerOptions): SubscriptionServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 100 * 1024 });
  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://local').pathname !== '/graphql') { socket.destroy(); return; }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);
  const formatError = createFormatError(o.log);
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => formatError(e.toJSON(), e));
  const disposable = useServer<Record<string, unknown> | undefined, Extra>({
    schema: o.schema,
    onConnect: async (ctx) => {
      const key = ctx.connectionParams?.apikey;
      const found = typeof key === 'string' && key ? await o.keys.verify(key).catch(() => null) : null;
      if (!found) return false;
      ctx.extra.apiKey = found;
      return true;
    },
    onSubscribe: (ctx, _id, payload) => {
      const problem = queryTextProblem(payload.query, o.queryTextLimits);
      if (problem) return [new GraphQLError(problem, { extensions: { code: 'BAD_USER_INPUT' } })];
      let document;
      try { document = parse(payload.query, { maxTokens: o.queryTextLimits.maxTokens }); } catch (err) { return [err as GraphQLError]; }
      const operation = getOperationAST(document, payload.operationName);
      if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) {
        return [new GraphQLError('Only subscriptions run over WebSocket: send queries and mutations over HTTP', { extensions: { code: 'BAD_USER_INPUT' } })];
      }
      const errors = validate(o.schema, document, [...specifiedRules, ...o.validationRules]);
      if (errors.length) return errors;
      // As on HTTP, the key needs the scope of every root field (root-field-scopes.ts); the error is classified as raised.
      const refusal = scopeRefusal(ctx.extra.apiKey!, operationScopes(operation, document));
      if (refusal) return [new GraphQLError(refusal.message, { originalError: refusal })];
      return {
        schema: o.schema, document, operationName: payload.operationName, variableValues: payload.variables,
        contextValue: o.contextOf(ctx.extra.apiKey!),
      };
    },
    onError: (_ctx, _id, _payload, errors) => format(errors),
    onNext: (_ctx, _id, _payload, _args, result) => {
      const r = result as ExecutionResult;
      return r.errors ? { ...r, errors: format(r.errors) } : r;
    },
  }, wss);
  return {
    async close() {
      server.removeListener('upgrade', onUpgrade);
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
