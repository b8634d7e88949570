// Engagement between two profiles, the same on both protocols: inbound is what
// others do to a profile's posts, outbound what it does to theirs.
export type EngagementDirection = 'inbound' | 'outbound';
export type EngagementKind = 'likes' | 'comments' | 'quotes';
