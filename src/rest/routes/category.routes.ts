import * as Doc from '../../generated/graphql/graphql';
import { BOTH_PROTOCOLS, LENS_DATA, NO_PROTOCOL_DATA } from '../freshness-headers';
import { route } from '../rest-route.type';

/** The category taxonomy, the posts of a category on a day, and Lens categories by USD collected. */
export const CATEGORY_ROUTES = [
  route({ method: 'get', path: '/api/llm/categories', summary: 'The category taxonomy', example: {}, name: 'getCategories', protocols: NO_PROTOCOL_DATA,
    document: Doc.RestCategoriesDocument, answer: (d) => d.categories }),
  route({ method: 'get', path: '/api/llm/categories/publications', summary: 'Posts of a category on a day', example: { query: 'category=defi&date=2024-06-10' }, name: 'getPublicationsByCategory', protocols: BOTH_PROTOCOLS,
    document: Doc.RestCategoryPublicationsDocument,
    // The earlier service typed reactioncount as a string of decimal digits.
    answer: (d) => d.categoryPublications.map((p) => ({ ...p, reactioncount: String(p.reactioncount) })) }),
  route({ method: 'get', path: '/api/lens/collect/top-categories', summary: 'Categories of collected Lens publications by USD collected', example: { query: 'limit=5' }, name: 'getTopCategories', protocols: LENS_DATA,
    document: Doc.RestLensTopCategoriesDocument, answer: (d) => d.lensTopCategories }),
];
