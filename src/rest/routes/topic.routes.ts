import type { RestRoute } from '../rest-route.type';

/** Topics: getTopicsOfTheDay, getEngagers, getMentions. */
export const TOPIC_ROUTES: RestRoute[] = [];
