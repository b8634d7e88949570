// Topics (getTopicsOfTheDay, getEngagers, getMentions): the topics of
// a UTC day (rule in content/topics-of-day.ts), any phrase on a day, and who
// engaged with / how many posts mention it. Nested engagers and mentions go
// through the request's loaders: one statement per day (and limit), whatever
// the number of topics.
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { requireTopic } from '../../queries/topics';
import { dayStart, optionalDay } from '../../domain/days';
import { topicStats, topicsOfDay } from '../../repositories/topic.repository';
import { TopicArgs, TopicEngagersArgs, TopicsArgs } from '../args/topic.args';
import type { Context } from '../context.type';
import { Topic, TopicEngager, TopicMentions, toTopic, toTopicEngager } from '../types/topic.type';


@Resolver(() => Topic)
export class TopicResolver {
  @Query(() => [Topic], {
    description: 'getTopicsOfTheDay: the topics of the UTC day (default the newest day with daily phrase counts), by score desc, then postCount desc, then topic.',
  })
  async topics(@Args(() => TopicsArgs) { date, limit }: TopicsArgs, @Ctx() ctx: Context): Promise<Topic[]> {
    return (await topicsOfDay(ctx.db, optionalDay('date', date), limit)).map(toTopic);
  }

  @Query(() => Topic, {
    description: 'One phrase on a UTC day, whether or not it is a topic of that day (zero counts when unused): the root of getEngagers and getMentions.',
  })
  async topic(@Args(() => TopicArgs) { topic, date }: TopicArgs, @Ctx() ctx: Context): Promise<Topic> {
    const phrase = requireTopic('topic', topic);
    const day = optionalDay('date', date) ?? await ctx.loaders.content.newestDay.load('newest');
    const [row] = await topicStats(ctx.db, [day], [phrase]);
    return toTopic(row);
  }

  @FieldResolver(() => [TopicEngager], {
    description: 'getEngagers: profiles that interacted (at any time) with the day\'s live posts on this phrase, others only, most engagements first, then protocol, then profileId.',
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
