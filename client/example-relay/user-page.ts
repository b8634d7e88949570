// A user's page with relay-runtime alone, doing what react-relay's hooks do: fetch and retain the
// page's query (useLazyLoadQuery), read each fragment from the normalized store (useFragment), and
// ask the next page through the query @refetchable wrote (usePaginationFragment's loadNext), which
// the @connection handler appends to the one list the store keeps for the user.
import {
  createOperationDescriptor, fetchQuery, getSelector,
  type Disposable, type Environment, type SingularReaderSelector,
} from 'relay-runtime';
import FollowersListPaginationNode, { type FollowersListPaginationQuery } from './__generated__/FollowersListPaginationQuery.graphql.js';
import FollowersListFragment, { type FollowersList_user$data, type FollowersList_user$key } from './__generated__/FollowersList_user.graphql.js';
import ProfileCardFragment, { type ProfileCard_profile$data, type ProfileCard_profile$key } from './__generated__/ProfileCard_profile.graphql.js';
import UserPageNode, { type UserPageQuery, type UserPageQuery$data } from './__generated__/UserPageQuery.graphql.js';

export type UserPageUser = NonNullable<UserPageQuery$data['farcasterUser']>;

/** Fetches the page of one fid and keeps its records in the store until `dispose`. */
export async function loadUserPage(environment: Environment, fid: number): Promise<{ user: UserPageUser | null; retained: Disposable }> {
  const retained = environment.retain(createOperationDescriptor(UserPageNode, { fid }));
  const data = await fetchQuery<UserPageQuery>(environment, UserPageNode, { fid }).toPromise();
  return { user: data?.farcasterUser ?? null, retained };
}

/** What a fragment reads from the store for a reference: a fragment's data is the store's, never the answer's. */
function read<TData>(environment: Environment, fragment: Parameters<typeof getSelector>[0], ref: unknown): TData {
  return environment.lookup(getSelector(fragment, ref) as SingularReaderSelector).data as TData;
}

export const readProfileCard = (environment: Environment, ref: ProfileCard_profile$key) =>
  read<ProfileCard_profile$data>(environment, ProfileCardFragment, ref);

export const readFollowers = (environment: Environment, ref: FollowersList_user$key) =>
  read<FollowersList_user$data>(environment, FollowersListFragment, ref);

/**
 * The next `count` followers after the list's end cursor, by the user's id: the connection handler
 * appends them to the stored list, so the next `readFollowers` holds every page fetched so far.
 */
export async function loadMoreFollowers(environment: Environment, ref: FollowersList_user$key, count: number): Promise<void> {
  const { id, followers } = readFollowers(environment, ref);
  if (!followers.pageInfo.hasNextPage) return;
  await fetchQuery<FollowersListPaginationQuery>(environment, FollowersListPaginationNode, { id, count, cursor: followers.pageInfo.endCursor }).toPromise();
}
