// The whole REST surface (SOFA's approach): each path of the earlier service
// runs one GraphQL operation of src/rest/operations/. Listed per group in
// src/rest/routes/; GET /api/docs prints the table.
import type { RestRoute } from './rest-route.type';
import { FARCASTER_ROUTES } from './routes/farcaster.routes';
import { FARCASTER_ACTIVITY_ROUTES } from './routes/farcaster-activity.routes';
import { LENS_ROUTES } from './routes/lens.routes';
import { LENS_ACTIVITY_ROUTES } from './routes/lens-activity.routes';
import { TRENDING_ROUTES } from './routes/trending.routes';
import { TOKEN_ROUTES } from './routes/token.routes';
import { CATEGORY_ROUTES } from './routes/category.routes';
import { TOPIC_ROUTES } from './routes/topic.routes';
import { VIEWER_ROUTES } from './routes/viewer.routes';
import { PERSONALIZED_RANK_ROUTES } from './routes/personalized-rank.routes';
import { CHANNEL_ROUTES } from './routes/channel.routes';
import { TRUST_ROUTES } from './routes/trust.routes';
import { QUALITY_ROUTES } from './routes/quality.routes';
import { CROSS_ROUTES } from './routes/cross.routes';
import { SUGGEST_ROUTES } from './routes/suggest.routes';
import { WEBHOOK_ROUTES } from './routes/webhook.routes';
import { SEARCH_ROUTES } from './routes/search.routes';
import { NOTIFICATION_ROUTES } from './routes/notification.routes';

export const REST_ROUTES: RestRoute[] = [...LENS_ACTIVITY_ROUTES, ...LENS_ROUTES, ...FARCASTER_ROUTES, ...FARCASTER_ACTIVITY_ROUTES, ...TRENDING_ROUTES,
  ...TOKEN_ROUTES, ...CATEGORY_ROUTES, ...TOPIC_ROUTES, ...VIEWER_ROUTES, ...CHANNEL_ROUTES, ...TRUST_ROUTES, ...QUALITY_ROUTES, ...CROSS_ROUTES,
  ...PERSONALIZED_RANK_ROUTES, ...SUGGEST_ROUTES, ...WEBHOOK_ROUTES, ...SEARCH_ROUTES, ...NOTIFICATION_ROUTES];
