import * as Doc from '../../generated/graphql/graphql';
import { intParam, queryParam } from '../params';
import { route } from '../rest-route.type';
import { filter as collectFilter } from './lens-activity.routes';

/** Categories: getCategories, seed 4.13, Lens getTopCategories. Validation happens once, in the schema and resolvers. */
export const CATEGORY_ROUTES = [
  route({ method: 'get', path: '/api/llm/categories', example: {}, name: 'getCategories',
    document: Doc.RestCategoriesDocument, variables: () => ({}), answer: (d) => d.categories }),
  route({ method: 'get', path: '/api/llm/categories/publications', example: { query: 'category=defi&date=2024-06-10' }, name: 'getPublicationsByCategory (seed 4.13)',
    document: Doc.RestCategoryPublicationsDocument,
    variables: (req) => ({ category: queryParam(req, 'category'), date: queryParam(req, 'date'), page: intParam(queryParam(req, 'page')), limit: intParam(queryParam(req, 'limit')) }),
    // Seed 2.14 types reactioncount as a string of decimal digits.
    answer: (d) => d.categoryPublications.map((p) => ({ ...p, reactioncount: String(p.reactioncount) })) }),
  route({ method: 'get', path: '/api/lens/collect/top-categories', example: { query: 'limit=5' }, name: 'getTopCategories',
    document: Doc.RestLensTopCategoriesDocument,
    variables: (req) => ({ ...collectFilter(req), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.lensTopCategories }),
];
