import * as Doc from '../../generated/graphql/graphql';
import { intParam, queryParam } from '../params';
import { route } from '../rest-route.type';
import type { RestRoute } from '../rest-route.type';

/** Topics: getTopicsOfTheDay, getEngagers, getMentions (CONTRACT §6). Validation happens once, in the schema and resolvers. */
export const TOPIC_ROUTES: RestRoute[] = [
  route({ method: 'get', path: '/api/llm/topics', example: { query: 'limit=5' }, name: 'getTopicsOfTheDay',
    document: Doc.RestTopicsOfTheDayDocument,
    variables: (req) => ({ date: queryParam(req, 'date'), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.topics }),
  route({ method: 'get', path: '/api/llm/topics/engagers', example: { query: 'topic=gm&limit=5' }, name: 'getEngagers',
    document: Doc.RestTopicEngagersDocument,
    variables: (req) => ({ topic: queryParam(req, 'topic'), date: queryParam(req, 'date'), limit: intParam(queryParam(req, 'limit')) }),
    answer: (d) => d.topic.engagers }),
  route({ method: 'get', path: '/api/llm/topics/mentions', example: { query: 'topic=gm' }, name: 'getMentions',
    document: Doc.RestTopicMentionsDocument,
    variables: (req) => ({ topic: queryParam(req, 'topic'), date: queryParam(req, 'date') }),
    answer: (d) => d.topic.mentions }),
];
