// The OpenAPI 3.1 document of the REST face, made from the route table and the
// GraphQL schema alone: paths and methods from the table, parameters and body
// from each operation's variables and the arguments they feed, the 200 body
// from the operation's selection run through the route's `answer`, a summary
// from the table (written for the route: a sub-field's description said what
// the field is, not what the route answers), the description from the
// schema's. Nothing is written per route here, so a route added to the table
// is documented as it is served.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { print, type GraphQLSchema } from 'graphql';
import { projectRoot } from '../project-root';
import { ENTITY_ROOTS, routeScopes, type RestRoute } from '../rest/rest-route.type';
import { answerSchema } from './answer-schema';
import { nameShapes } from './components';
import { dataShape } from './data-shape';
import { ERROR_RESPONSES, ERROR_SCHEMA, SUCCESS_HEADERS, successHeaders, type ErrorResponseName } from './error-responses';
import type { JsonSchema } from './json-schema';
import { exampleKey, loadExamples, type OperationExamples } from './operation-examples';
import { operationFields, operationOf, type SelectedField } from './operation-fields';
import { routeInput, type Parameter } from './route-parameters';

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; contact: ApiContact };
  servers: { url: string }[];
  tags: { name: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema>; headers: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: Parameter[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security: Record<string, string[]>[];
  /** The key scopes the route needs (an extension: OpenAPI's security scopes are OAuth's, so an API key's list stays empty there). */
  'x-required-scopes': string[];
  'x-legacy-operation': string;
  'x-graphql-operation': string;
}

export interface ApiContact { name: string; url?: string; email?: string }
export interface ApiInfo { title: string; version: string; contact?: ApiContact }

type PackageAuthor = string | { name: string; url?: string; email?: string };

/** npm's `Name <email> (url)` author string, or its object form, as an OpenAPI contact. */
function contactOf(author: PackageAuthor | undefined): ApiContact | undefined {
  if (!author) return undefined;
  if (typeof author !== 'string') return { name: author.name, ...(author.url ? { url: author.url } : {}), ...(author.email ? { email: author.email } : {}) };
  const m = /^([^<(]+?)\s*(?:<([^>]+)>)?\s*(?:\(([^)]+)\))?$/.exec(author.trim());
  return m ? { name: m[1], ...(m[3] ? { url: m[3] } : {}), ...(m[2] ? { email: m[2] } : {}) } : { name: author };
}

/** Title, version and contact (its `author`) of package.json. */
export function packageInfo(): ApiInfo {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { description?: string; version: string; author?: PackageAuthor };
  const contact = contactOf(pkg.author);
  return { title: pkg.description ?? 'REST API', version: pkg.version, ...(contact ? { contact } : {}) };
}

export const API_KEY_SCHEME = 'apikey';

/** `/api/farcaster/user/profile/:fid` → `/api/farcaster/user/profile/{fid}`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

/**
 * The field the route is about, for its summary: from the root, down into the
 * one child that takes the route's variables (or the only child with a
 * selection, below the root), while there is exactly one.
 */
function principalField(fields: SelectedField[]): SelectedField | undefined {
  const byPath = new Map(fields.map((f) => [f.path.join('.'), f]));
  const unique = [...byPath.values()];
  let at = unique.find((f) => f.path.length === 1);
  while (at) {
    const here: SelectedField = at;
    const children = unique.filter((f) => f.path.length === here.path.length + 1 && f.path.slice(0, -1).join('.') === here.path.join('.'));
    const withVariables = children.filter((c) => c.variableArgs.length);
    const candidates = withVariables.length ? withVariables : here.path.length === 1 ? children.filter((c) => c.node.selectionSet) : [];
    if (candidates.length !== 1) break;
    at = candidates[0];
  }
  return at;
}

function describeRoute(route: RestRoute, fields: SelectedField[], operationName: string, scopes: string[]): { summary: string; description: string } {
  const principal = principalField(fields);
  const said = principal?.def.description ?? fields.find((f) => f.path.length === 1)?.def.description ?? '';
  return {
    summary: route.summary,
    description: [
      said,
      `\`${route.name}\` is the earlier service's name for this call, spelled as it was.`,
      scopes.length ? `Needs a key with the ${scopes.map((sc) => `\`${sc}\``).join(' and ')} scope.` : '',
      `Runs the GraphQL operation \`${operationName}\` (the same answer as \`POST /graphql\` gives it, reshaped):\n\n\`\`\`graphql\n${print(route.document)}\n\`\`\``,
    ].filter(Boolean).join('\n\n'),
  };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** `RestFarcasterUserProfile` → `farcasterUserProfile`: unique because GraphQL operation names of one build are. */
const operationIdOf = (operationName: string) => lowerFirst(operationName.replace(/^Rest(?=[A-Z])/, ''));

/** A route answers 404 when it reads an entity root, or a field whose description says it answers NOT_FOUND. */
const canBeNotFound = (fields: SelectedField[]) =>
  fields.some((f) => (f.path.length === 1 && (ENTITY_ROOTS as readonly string[]).includes(f.def.name)) || /\bNOT_FOUND\b/.test(f.def.description ?? ''));

const ref = (name: ErrorResponseName) => ({ $ref: `#/components/responses/${name}` });

function routeOperation(schema: GraphQLSchema, route: RestRoute, examples: OperationExamples): OpenApiOperation {
  const operationName = operationOf(route.document).name?.value;
  if (!operationName) throw new Error(`${route.path}: its operation needs a name`);
  const { fields } = operationFields(schema, route.document);
  const input = routeInput(schema, route);
  const success = route.success ?? 200;
  const scopes = [...new Set(routeScopes(route).flatMap((f) => (f.scope ? [f.scope] : [])))];
  const freshness = typeof route.protocols === 'function' || route.protocols.length > 0;
  const errors: [string, ErrorResponseName][] = [
    ['400', 'BadRequest'], ['401', 'Unauthorized'], ['403', 'Forbidden'],
    ...(canBeNotFound(fields) ? [['404', 'NotFound'] as [string, ErrorResponseName]] : []),
    ...(route.method === 'post' ? [['413', 'PayloadTooLarge'], ['415', 'UnsupportedMediaType']] as [string, ErrorResponseName][] : []),
    ['429', 'TooManyRequests'], ['503', 'ServiceUnavailable'],
  ];
  return {
    operationId: operationIdOf(operationName),
    ...describeRoute(route, fields, operationName, scopes),
    tags: [route.path.split('/')[2] ?? 'api'],
    parameters: input.parameters,
    ...(input.body ? {
      requestBody: {
        required: input.body.required,
        content: { 'application/json': { schema: input.body.schema, ...(input.body.example === undefined ? {} : { example: input.body.example }) } },
      },
    } : {}),
    responses: {
      [success]: success === 204
        ? { description: 'Done; no body.', headers: successHeaders(freshness) }
        : {
          description: success === 201 ? 'Created: the new record.' : 'The answer, in the earlier service\'s shape.',
          headers: successHeaders(freshness),
          content: { 'application/json': {
            schema: answerSchema(dataShape(schema, route.document, ENTITY_ROOTS), route.answer, true),
            ...(exampleKey(route) in examples ? { example: examples[exampleKey(route)] } : {}),
          } },
        },
      ...Object.fromEntries(errors.map(([status, name]) => [status, ref(name)])),
    },
    security: [{ [API_KEY_SCHEME]: [] }],
    'x-required-scopes': scopes,
    'x-legacy-operation': route.name,
    'x-graphql-operation': operationName,
  };
}

/** Moves the named shapes of every success body to components/schemas (components.ts), in place; returns those schemas. */
function namedAnswers(paths: Record<string, Record<string, OpenApiOperation>>): Record<string, JsonSchema> {
  const bodies = Object.values(paths).flatMap((ops) => Object.values(ops)).flatMap((op) => Object.entries(op.responses)
    .filter(([status, r]) => status.startsWith('2') && r.content)
    .map(([, r]) => (r.content as Record<string, { schema: JsonSchema }>)['application/json']));
  const { schemas, components } = nameShapes(bodies.map((b) => b.schema), { Error: ERROR_SCHEMA });
  bodies.forEach((b, i) => { b.schema = schemas[i]; });
  return components;
}

export function buildOpenApi(routes: readonly RestRoute[], schema: GraphQLSchema, info: ApiInfo = packageInfo(), examples: OperationExamples = loadExamples()): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  const ids = new Map<string, string>();
  for (const route of routes) {
    const p = openApiPath(route.path);
    const operation = routeOperation(schema, route, examples);
    if (paths[p]?.[route.method]) throw new Error(`${route.method.toUpperCase()} ${p} is in the route table twice`);
    const taken = ids.get(operation.operationId);
    if (taken) throw new Error(`operationId ${operation.operationId} of ${p} is also ${taken}'s`);
    ids.set(operation.operationId, p);
    (paths[p] ??= {})[route.method] = operation;
  }
  const components = namedAnswers(paths);
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags)))];
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      // Who answers for the service: package.json's author, else the service's operators by name (no address is made up).
      contact: info.contact ?? { name: `The operators of ${info.title}` },
      description: 'The REST face of the service: the paths and JSON shapes of the earlier service, each answered by a GraphQL '
        + 'operation of the same schema as `POST /graphql`. Send your API key in the `apikey` header (Authorize, then Try it out). '
        + 'This document is generated from the route table and the GraphQL schema at start-up.',
    },
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name })),
    security: [{ [API_KEY_SCHEME]: [] }],
    paths,
    components: {
      schemas: components,
      responses: ERROR_RESPONSES,
      headers: SUCCESS_HEADERS,
      securitySchemes: {
        [API_KEY_SCHEME]: {
          type: 'apiKey', in: 'header', name: 'apikey',
          description: 'An API key (`npm run cli -- keys create --name me`, read only; `--scopes read,webhooks` for the webhook routes). '
            + 'Each operation\'s `x-required-scopes` lists the scope it needs, and its description says it; a key without it gets 403.',
        },
      },
    },
  };
}
