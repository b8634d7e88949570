import * as Doc from '../../generated/graphql/graphql';
import { NO_PROTOCOL_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

// The /api/v2 webhooks of the calling API key: create (201, with the signing
// secret, shown this once), list, read one, its delivery log, delete (204).
// Another key's webhook, or an unknown id, is a 404 as on GraphQL. Their
// operations make them key-scoped (isKeyScoped): never cached.

const flat = <N>(c: { totalCount: number; pageInfo: object; edges: { node: N }[] }, name: string) =>
  ({ totalCount: c.totalCount, pageInfo: c.pageInfo, [name]: c.edges.map((e) => e.node) });

/** The documented id: ids are random, so no webhook has it (a test calling the examples puts one of its key's own in). */
export const EXAMPLE_WEBHOOK_ID = '00000000-0000-4000-8000-000000000000';

export const WEBHOOK_ROUTES = [
  route({ method: 'post', path: '/api/v2/webhooks', summary: 'Create a webhook', success: 201, bodyVariable: 'input',
    example: { body: { url: 'https://example.com/hook', filter: { types: ['NEW_FOLLOWER'], fids: [1] } } },
    name: 'createWebhook', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2CreateWebhookDocument,
    answer: (d) => ({ ...d.createWebhook.webhook, secret: d.createWebhook.secret }) }),
  route({ method: 'get', path: '/api/v2/webhooks', summary: 'The calling key\'s webhooks', example: {},
    name: 'webhooks', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2WebhooksDocument,
    answer: (d) => flat(d.webhooks, 'webhooks') }),
  route({ method: 'get', path: '/api/v2/webhooks/:id', summary: 'One of the calling key\'s webhooks', example: { path: EXAMPLE_WEBHOOK_ID },
    name: 'webhook', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2WebhookDocument,
    answer: (d) => d.webhook }),
  route({ method: 'get', path: '/api/v2/webhooks/:id/deliveries', summary: 'A webhook\'s deliveries, one page', example: { path: EXAMPLE_WEBHOOK_ID },
    name: 'webhookDeliveries', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2WebhookDeliveriesDocument,
    answer: (d) => ({ webhookId: d.webhook.id, ...flat(d.webhook.deliveries, 'deliveries') }) }),
  route({ method: 'delete', path: '/api/v2/webhooks/:id', summary: 'Delete a webhook', success: 204, example: { path: EXAMPLE_WEBHOOK_ID },
    name: 'deleteWebhook', protocols: NO_PROTOCOL_DATA, document: Doc.RestV2DeleteWebhookDocument,
    answer: () => undefined }),
];
