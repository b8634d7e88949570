import type { RestRoute } from '../rest-route.type';

/** Categories: getCategories, seed 4.13, Lens getTopCategories. */
export const CATEGORY_ROUTES: RestRoute[] = [];
