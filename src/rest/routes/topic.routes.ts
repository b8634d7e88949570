import * as Doc from '../../generated/graphql/graphql';
import { BOTH_PROTOCOLS } from '../freshness-headers';
import { route } from '../rest-route.type';

/** Topics of the day, and who engaged with and how many posts mention a topic. */
export const TOPIC_ROUTES = [
  route({ method: 'get', path: '/api/llm/topics', summary: 'Topics of a day', example: { query: 'limit=5' }, name: 'getTopicsOfTheDay', protocols: BOTH_PROTOCOLS,
    document: Doc.RestTopicsOfTheDayDocument, answer: (d) => d.topics }),
  route({ method: 'get', path: '/api/llm/topics/engagers', summary: 'Profiles that engaged most with a topic\'s posts', example: { query: 'topic=gm&limit=5' }, name: 'getEngagers', protocols: BOTH_PROTOCOLS,
    document: Doc.RestTopicEngagersDocument, answer: (d) => d.topic.engagers }),
  route({ method: 'get', path: '/api/llm/topics/mentions', summary: 'Posts of a day using a phrase', example: { query: 'topic=gm' }, name: 'getMentions', protocols: BOTH_PROTOCOLS,
    document: Doc.RestTopicMentionsDocument, answer: (d) => d.topic.mentions }),
];
