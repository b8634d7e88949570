// Compiler input (see ProfileCard.ts). A user's followers as usePaginationFragment pages them:
// @connection keeps one growing list per user in the store, and @refetchable makes relay-compiler
// write FollowersListPaginationQuery, which asks the next page of this user by its id.
import { graphql } from 'relay-runtime';

export const FollowersList = graphql`
  fragment FollowersList_user on FarcasterUser
    @refetchable(queryName: "FollowersListPaginationQuery")
    @argumentDefinitions(count: { type: "Int", defaultValue: 3 }, cursor: { type: "String" }) {
    followers(first: $count, after: $cursor) @connection(key: "FollowersList_followers") {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges {
        followedAt
        node { fid username ...ProfileCard_profile }
      }
    }
  }
`;
