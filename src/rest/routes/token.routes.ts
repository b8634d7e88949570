import type { RestRoute } from '../rest-route.type';

/** Tokens: seed 4.3, 4.11, 4.12. */
export const TOKEN_ROUTES: RestRoute[] = [];
