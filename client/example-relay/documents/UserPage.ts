// Compiler input (see ProfileCard.ts): the page's query, with the card and the first page of followers.
import { graphql } from 'relay-runtime';

export const UserPage = graphql`
  query UserPageQuery($fid: Int!) {
    farcasterUser(fid: $fid) {
      fid
      username
      ...ProfileCard_profile
      ...FollowersList_user
    }
  }
`;
