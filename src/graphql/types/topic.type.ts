// Topics of the day (getTopicsOfTheDay, getEngagers, getMentions):
// TopicDto, EngagersDto and TotalMentionsDto, with engagers and mentions nested
// under each topic (through the request's loaders).
import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { TopicEngagerRow, TopicStatsRow } from '../../repositories/topic.repository';
import { Protocol, TopicKind } from '../enums/public-enums';
import { DateScalar } from '../scalars/date.scalar';

@ObjectType({
  description: 'A key phrase on a UTC day (TopicDto). A topic of the day has postCount ≥ 3 and is a channel or hashtag, or a term with score ≥ 2.',
})
export class Topic {
  @Field(() => String, { description: 'The phrase, lowercase: a hashtag (without `#`), a Farcaster channel or a classifier term.' }) topic!: string;
  @Field(() => TopicKind, {
    nullable: true,
    description: 'The strongest use that day; null when the phrase has no daily count that day (a plain term of a single post, or unused).',
  }) kind!: string | null;
  @Field(() => Int, { description: 'Live posts of the day using the phrase (0 without a daily count).' }) postCount!: number;
  @Field(() => Int, { description: 'Distinct authors of those posts.' }) authorCount!: number;
  @Field(() => Float, { description: 'Mean daily postCount over the 7 days before (missing days 0), rounded to 3 decimals.' }) baseline!: number;
  @Field(() => Float, { description: '(postCount + 1) / (baseline + 1), rounded to 3 decimals.' }) score!: number;
  @Field(() => DateScalar, { description: 'The UTC day (GraphQL only).' }) day!: string;
  @Field(() => Boolean, { description: 'Whether the phrase is a topic of that day (GraphQL only; always true in `topics`).' }) topicOfDay!: boolean;
}

export const toTopic = (r: TopicStatsRow): Topic => ({
  topic: r.topic, kind: r.kind, postCount: r.post_count, authorCount: r.author_count, baseline: r.baseline, score: r.score,
  day: r.day, topicOfDay: r.is_topic,
});

@ObjectType({ description: 'A profile that interacted with the day\'s posts on a topic (EngagersDto).' })
export class TopicEngager {
  @Field(() => Protocol, { description: 'The network the profile is on.' }) protocol!: string;
  @Field(() => String, { description: 'fid as a decimal string, or the Lens profile id.' }) profileId!: string;
  @Field(() => String, { nullable: true, description: 'Farcaster username or Lens handle (local name); null when none.' }) handle!: string | null;
  @Field(() => Int, { description: 'Interactions in all: the sum of the counts below.' }) engagements!: number;
  @Field(() => Int, { description: 'Farcaster likes, Lens UPVOTEs (GraphQL only).' }) likes!: number;
  @Field(() => Int, { description: 'Farcaster replies, Lens comments (GraphQL only).' }) comments!: number;
  @Field(() => Int, { description: 'Quotes (GraphQL only).' }) quotes!: number;
  @Field(() => Int, { description: 'Farcaster recasts, Lens mirrors (GraphQL only).' }) reposts!: number;
  @Field(() => Int, { description: 'Lens collects (GraphQL only).' }) collects!: number;
}

export const toTopicEngager = (r: TopicEngagerRow): TopicEngager => ({
  protocol: r.protocol, profileId: r.profile_id, handle: r.handle, engagements: r.engagements,
  likes: r.likes, comments: r.comments, quotes: r.quotes, reposts: r.reposts, collects: r.collects,
});

@ObjectType({ description: 'How many live posts of the day use a phrase (TotalMentionsDto).' })
export class TopicMentions {
  @Field(() => String, { description: 'The phrase: trimmed, without a leading `#`, lowercase.' }) topic!: string;
  @Field(() => Date, { description: 'Midnight UTC of the day.' }) date!: Date;
  @Field(() => Int, { description: 'farcasterMentions + lensMentions.' }) totalMentions!: number;
  @Field(() => Int, { description: 'Live casts of the day using it (hashtag, channel or term).' }) farcasterMentions!: number;
  @Field(() => Int, { description: 'Visible Lens publications of the day using it (mirrors have no text of their own).' }) lensMentions!: number;
  @Field(() => Int, { description: 'Distinct authors of those posts (per protocol: a fid and a Lens profile are two).' }) authors!: number;
}
