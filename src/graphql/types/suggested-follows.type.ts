// Who to follow: a connection of suggested accounts per protocol, each edge with
// its personalized score and its reasons (structured, and in words), and the
// answer of a dismissal. The reasons and the dismissal are value objects.
import { Field, Float, Int, ObjectType, registerEnumType, type ClassType } from 'type-graphql';
import { MAX_SUGGESTIONS, REASON_NAMES } from '../../queries/suggested-follows';
import { MAX_DISMISSALS_PER_VIEWER } from '../../queries/suggestion-dismissals';
import { Protocol } from '../enums/public-enums';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

export enum SuggestionReasonKind { CROSS_PROTOCOL = 'CROSS_PROTOCOL', FOLLOWED_BY_FOLLOWS = 'FOLLOWED_BY_FOLLOWS', NEIGHBOURHOOD = 'NEIGHBOURHOOD' }
registerEnumType(SuggestionReasonKind, {
  name: 'SuggestionReasonKind',
  description: 'Why an account is suggested.',
  valuesConfig: {
    CROSS_PROTOCOL: { description: 'The viewer, matched on both protocols, follows this person\'s account on the other protocol (`crossProtocolAccount`).' },
    FOLLOWED_BY_FOLLOWS: { description: 'Accounts the viewer follows follow it (`count`, the most trusted in `accounts`).' },
    NEIGHBOURHOOD: { description: 'It is close to the viewer in the follow graph of the last refresh, though none of the viewer\'s live follows follows it now.' },
  },
});

const KIND = 'The kind of reason.';
const COUNT = 'FOLLOWED_BY_FOLLOWS: how many of the viewer\'s live follows follow this account live, exactly; 0 for the other kinds.';
const ACCOUNTS = `FOLLOWED_BY_FOLLOWS: up to ${REASON_NAMES} of them, those the viewer trusts most first (the viewer's personalized score, ties by id); empty for the other kinds.`;
const TEXT = 'The reason in words: "followed by 7 you follow: a, b, c" (usernames, else ids), "you follow them on Lens".';

@ObjectType({ description: 'Embedded value object: one reason a Farcaster user is suggested to the viewer.' })
export class FarcasterSuggestionReason {
  @Field(() => SuggestionReasonKind, { description: KIND }) kind!: SuggestionReasonKind;
  @Field(() => Int, { description: COUNT }) count!: number;
  @Field(() => [FarcasterUser], { description: ACCOUNTS }) accounts!: FarcasterUser[];
  @Field(() => LensProfile, { nullable: true, description: 'CROSS_PROTOCOL: the Lens profile, matched to this user, that the viewer\'s Lens profile follows; null for the other kinds.' }) crossProtocolAccount!: LensProfile | null;
  @Field(() => String, { description: TEXT }) text!: string;
}

@ObjectType({ description: 'Embedded value object: one reason a Lens profile is suggested to the viewer.' })
export class LensSuggestionReason {
  @Field(() => SuggestionReasonKind, { description: KIND }) kind!: SuggestionReasonKind;
  @Field(() => Int, { description: COUNT }) count!: number;
  @Field(() => [LensProfile], { description: ACCOUNTS }) accounts!: LensProfile[];
  @Field(() => FarcasterUser, { nullable: true, description: 'CROSS_PROTOCOL: the Farcaster user, matched to this profile, that the viewer\'s fid follows; null for the other kinds.' }) crossProtocolAccount!: FarcasterUser | null;
  @Field(() => String, { description: TEXT }) text!: string;
}

function SuggestionEdge<T extends object, R extends object>(Node: ClassType<T>, Reason: ClassType<R>) {
  @ObjectType()
  abstract class SuggestionEdgeClass extends Edge(Node) {
    @Field(() => Float, { description: 'The viewer\'s personalized PageRank estimate of this account within two follows (as of the last refresh); 0 for a cross-protocol suggestion outside that neighbourhood.' }) score!: number;
    @Field(() => [Reason], { description: 'Why it is suggested: CROSS_PROTOCOL first, then FOLLOWED_BY_FOLLOWS; NEIGHBOURHOOD alone when neither holds.' }) reasons!: R[];
    @Field(() => String, { description: 'The reasons in words, joined by "; ".' }) reason!: string;
  }
  return SuggestionEdgeClass;
}

const LIST = (who: string) => `${who} suggested for the viewer to follow, cross-protocol suggestions first, then by the viewer's personalized score, highest first, ties by id; offset-paged (cursors are positions, \`page\` addresses the same slices). The viewer, what it follows live and what the calling key dismissed for it are never listed.`;

function SuggestionConnection<E extends object>(EdgeType: ClassType<E>) {
  @ObjectType()
  abstract class SuggestionConnectionClass extends Connection(EdgeType, {
    totalCount: `The suggestions: at most ${MAX_SUGGESTIONS} from the personalized rank and ${MAX_SUGGESTIONS} cross-protocol ones.`,
    paged: OFFSET_PAGED,
  }) {
    @Field(() => Int, { description: 'The analytics generation of the follow graph ranked: scores are as of that refresh.' }) generation!: number;
  }
  return SuggestionConnectionClass;
}

@ObjectType({ description: 'A user suggested to follow: its score and reasons.' })
export class FarcasterSuggestedFollowEdge extends SuggestionEdge(FarcasterUser, FarcasterSuggestionReason) {}

@ObjectType({ description: LIST('Users') })
export class FarcasterSuggestedFollowConnection extends SuggestionConnection(FarcasterSuggestedFollowEdge) {}

@ObjectType({ description: 'A profile suggested to follow: its score and reasons.' })
export class LensSuggestedFollowEdge extends SuggestionEdge(LensProfile, LensSuggestionReason) {}

@ObjectType({ description: LIST('Profiles') })
export class LensSuggestedFollowConnection extends SuggestionConnection(LensSuggestedFollowEdge) {}

@ObjectType({ description: 'Embedded value object: a dismissal of a suggestion as stored for the calling key and the viewer.' })
export class SuggestionDismissal {
  @Field(() => Protocol, { description: 'The protocol of both accounts.' }) protocol!: Protocol;
  @Field(() => String, { description: 'The viewer: a fid in decimal, or a canonical Lens profile id.' }) viewer!: string;
  @Field(() => String, { description: 'The account dismissed: a fid in decimal, or a canonical Lens profile id.' }) target!: string;
  @Field(() => Boolean, { description: 'Whether the target is dismissed now (false after undismissSuggestion).' }) dismissed!: boolean;
  @Field(() => Date, { nullable: true, description: 'When it was first dismissed (a repeated dismissal keeps this time); null when not dismissed.' }) dismissedAt!: Date | null;
  @Field(() => Int, { description: 'The calling key\'s dismissals for this viewer on this protocol, now.' }) dismissals!: number;
  @Field(() => Int, { description: `The most dismissals a key may hold per viewer and protocol (${MAX_DISMISSALS_PER_VIEWER}); past it dismissSuggestion is BAD_USER_INPUT.` }) limit!: number;
}
