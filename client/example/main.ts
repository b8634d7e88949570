// A browser app on its own origin calling the service with the typed client:
// a profile card and its followers, paged both ways with Relay cursors.
// Settings come from the form or the page's query string (?api=…&apikey=…&fid=…).
import {
  createClient, ServiceError,
  FarcasterProfileCardDocument, FarcasterFollowersPageDocument,
  type FarcasterProfileCardQuery, type FarcasterFollowersPageQuery,
} from '@social-graph-analytics/client';

const params = new URLSearchParams(location.search);
const settings = document.querySelector<HTMLFormElement>('#settings')!;
const status = document.querySelector<HTMLElement>('#status')!;
const card = document.querySelector<HTMLElement>('#card')!;
const followers = document.querySelector<HTMLElement>('#followers')!;

const field = (name: string) => settings.elements.namedItem(name) as HTMLInputElement;
field('api').value = params.get('api') ?? 'http://localhost:4000/graphql';
field('apikey').value = params.get('apikey') ?? '';
field('fid').value = params.get('fid') ?? '1';

const escape = (s: string | number | boolean | null | undefined) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function renderCard(user: NonNullable<FarcasterProfileCardQuery['farcasterUser']>) {
  const { rank } = user;
  card.innerHTML = `
    <h2>${escape(user.metadata.displayName ?? user.username ?? `fid ${user.fid}`)} <small>@${escape(user.username)} · fid ${user.fid}</small></h2>
    <p>${escape(user.metadata.bio)}</p>
    <p><b>${user.stats.followers}</b> followers · <b>${user.stats.following}</b> following · <b>${user.stats.posts}</b> posts · <b>${user.likesCount}</b> likes</p>
    <table>
      <tr><th>followers</th><td>#${rank.followerRank.rank}</td><td>${rank.followerRank.percentileCategory}</td></tr>
      <tr><th>engagement</th><td>#${rank.engagementRank.rank}</td><td>${rank.engagementRank.percentileCategory}</td></tr>
      <tr><th>gains this week</th><td>#${user.userRank.rank}</td><td>${user.userRank.count >= 0 ? '+' : ''}${user.userRank.count}</td></tr>
    </table>
    <p><small>data as of ${escape(user.asOf)}, analytics as of ${escape(user.analyticsAsOf)}</small></p>`;
  card.hidden = false;
}

function renderFollowers(fid: number, page: NonNullable<FarcasterFollowersPageQuery['farcasterUser']>['followers']) {
  const rows = page.edges.map((e) =>
    `<tr><td>${escape(e.node.username ?? e.node.fid)}</td><td>${e.node.stats.followers} followers</td><td>${escape(e.followedAt.slice(0, 10))}</td></tr>`);
  followers.innerHTML = `<h3>Followers (${page.totalCount})</h3><table>${rows.join('')}</table>
    <button id="prev" ${page.pageInfo.hasPreviousPage ? '' : 'disabled'}>← newer</button>
    <button id="next" ${page.pageInfo.hasNextPage ? '' : 'disabled'}>older →</button>`;
  followers.hidden = false;
  followers.querySelector('#prev')!.addEventListener('click', () => void showFollowers(fid, { last: 5, before: page.pageInfo.startCursor }));
  followers.querySelector('#next')!.addEventListener('click', () => void showFollowers(fid, { first: 5, after: page.pageInfo.endCursor }));
}

function client() {
  return createClient({ url: field('api').value, apiKey: field('apikey').value });
}

function showError(e: unknown) {
  status.className = 'error';
  if (!(e instanceof ServiceError)) { status.textContent = String(e); return; }
  // The codes are the service's (docs/api.md); a UI branches on them.
  switch (e.code) {
    case 'UNAUTHENTICATED': status.textContent = 'Missing or wrong API key: paste the key `npm start` printed.'; break;
    case 'NOT_FOUND': status.textContent = e.message; break;
    case 'RATE_LIMITED': status.textContent = `Rate limited: try again in ${e.retryAfter ?? '?'} s.`; break;
    case 'NETWORK_ERROR': status.textContent = `No answer (is the service running, and does CORS_ORIGINS allow ${location.origin}?)`; break;
    default: status.textContent = `${e.code}: ${e.message}`;
  }
}

async function showFollowers(fid: number, paging: { first?: number; after?: string | null; last?: number; before?: string | null }) {
  try {
    const data = await client().request(FarcasterFollowersPageDocument, { fid, ...paging });
    if (data.farcasterUser) renderFollowers(fid, data.farcasterUser.followers);
  } catch (e) { showError(e); }
}

async function show() {
  const fid = Number(field('fid').value);
  status.className = ''; status.textContent = 'Loading…'; card.hidden = true; followers.hidden = true;
  try {
    // Typed end to end: `data.farcasterUser` is the FarcasterProfileCard selection, `window` a GainWindow.
    const data = await client().request(FarcasterProfileCardDocument, { fid, window: 'WEEK' });
    if (!data.farcasterUser) return;
    renderCard(data.farcasterUser);
    status.textContent = '';
    await showFollowers(fid, { first: 5 });
  } catch (e) { showError(e); }
}

settings.addEventListener('submit', (event) => { event.preventDefault(); void show(); });
if (field('apikey').value) void show();
