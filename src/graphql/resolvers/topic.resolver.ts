// Topics (getTopicsOfTheDay, getEngagers, getMentions): the topics of a UTC day
// (the salience rule is one SQL statement, topic-stats.sql.ts beside the topic
// repository), any phrase on a day, and who engaged with / how many posts
// mention it. Nested engagers and mentions go through the request's loaders:
// one statement per day (and limit), whatever the number of topics.
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { dayStart } from '../../domain/days';
import { topicOfDay, topicsOfTheDay } from '../../queries/topics';
import { TopicArgs, TopicEngagersArgs, TopicsArgs } from '../args/topic.args';
import type { Context } from '../context.type';
import { Topic, TopicEngager, TopicMentions, toTopic, toTopicEngager } from '../types/topic.type';

@Resolver(() => Topic)
export class TopicResolver {
  @Query(() => [Topic], {
    description: 'Top-N (getTopicsOfTheDay): the `limit` topics of the UTC day (default the newest day with daily phrase counts) with the highest score, then postCount desc, then topic (not paged).',
  })
  async topics(@Args(() => TopicsArgs) { date, limit }: TopicsArgs, @Ctx() ctx: Context): Promise<Topic[]> {
    return (await topicsOfTheDay(ctx.db, date, limit)).map(toTopic);
  }

  @Query(() => Topic, {
    description: 'One phrase on a UTC day, whether or not it is a topic of that day (zero counts when unused): the root of getEngagers and getMentions.',
  })
  async topic(@Args(() => TopicArgs) { topic, date }: TopicArgs, @Ctx() ctx: Context): Promise<Topic> {
    return toTopic(await topicOfDay(ctx.db, ctx.loaders.content, topic, date));
  }

  @FieldResolver(() => [TopicEngager], {
    description: 'Top-N (getEngagers): the `limit` profiles that interacted most (at any time) with the day\'s live posts on this phrase, others only, then protocol, then profileId (not paged).',
  })
  async engagers(@Root() t: Topic, @Args(() => TopicEngagersArgs) { limit }: TopicEngagersArgs, @Ctx() ctx: Context): Promise<TopicEngager[]> {
    return (await ctx.loaders.content.engagers.load({ day: t.day, topic: t.topic, limit })).map(toTopicEngager);
  }

  @FieldResolver(() => TopicMentions, { description: 'getMentions: live posts of the day using this phrase, per protocol, and their authors.' })
  async mentions(@Root() t: Topic, @Ctx() ctx: Context): Promise<TopicMentions> {
    const [m] = await ctx.loaders.content.mentions.load({ day: t.day, topic: t.topic });
    return {
      topic: t.topic, date: new Date(dayStart(t.day)), totalMentions: m?.total ?? 0, farcasterMentions: m?.farcaster ?? 0,
      lensMentions: m?.lens ?? 0, authors: m?.authors ?? 0,
    };
  }
}
