// Drives a running campaign-api through the generated TypeScript client, as an integrator
// would. Run by campaign-api's test `the_typescript_client_drives_the_service` (cargo xtask
// test) with SERVICE_URL, SERVICE_TOKEN (a workspace's API key) and RECEIVER_URL (an HTTPS
// receiver that answers 200), after `tsc` built dist/. Any failed step throws, and node exits
// non-zero.

import assert from 'node:assert/strict';
import {
  client, createCampaign, createWebhook, getWebhook, listDeliveries, listWebhooks, replayDelivery, updateCampaign,
} from '../dist/index.js';

client.setConfig({ baseUrl: process.env.SERVICE_URL, auth: process.env.SERVICE_TOKEN });
const receiver = process.env.RECEIVER_URL;
const CREATED = 'campaign.created.v1';

/** The `after` of a `Link: <…&after=…>; rel="next"` header, or undefined on the last page. */
function nextCursor(response) {
  return /[?&]after=([^&>]+)>/.exec(response.headers.get('link') ?? '')?.[1];
}

/** Every page of a list: `fetch(after)` returns a call's result. */
async function everyPage(fetch) {
  const pages = [];
  let after;
  do {
    const { data, error, response } = await fetch(after);
    assert.equal(error, undefined, JSON.stringify(error));
    pages.push(data);
    after = nextCursor(response);
  } while (after);
  return pages;
}

// Register an endpoint with a header of the receiver's, a basic credential, types and a filter.
const created = await createWebhook({
  body: {
    url: receiver,
    eventTypes: [CREATED],
    headers: { 'X-Team': 'marketing' },
    auth: { type: 'basic', username: 'hooks', password: 'receiver-password-0123' },
    filter: { 'payload.name': { $startsWith: 'Spring' } },
  },
});
assert.equal(created.response.status, 201, JSON.stringify(created.error));
const endpoint = created.data;
assert.match(endpoint.secret, /^whsec_/);
const other = (await createWebhook({ body: { url: receiver, eventTypes: ['campaign.updated.v1'] } })).data;
console.log('registered', endpoint.id);

// Four campaigns; the three the filter matches are delivered to the first endpoint.
const campaigns = [];
for (const name of ['Spring sale', 'Spring launch', 'Spring clearance', 'Autumn sale']) {
  campaigns.push((await createCampaign({ body: { name } })).data);
}
const deadline = Date.now() + 20_000;
let log;
for (;;) {
  log = (await listDeliveries({ query: { endpointId: endpoint.id } })).data;
  if (log.length === 3 && log.every((d) => d.status === 'delivered')) break;
  assert.ok(Date.now() < deadline, `not delivered in time: ${JSON.stringify(log)}`);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
console.log('delivered', log.length);

// Read it back, and page the endpoint list and the log (filtered by type) two at a time.
const one = (await getWebhook({ path: { id: endpoint.id } })).data;
assert.equal(one.headers['X-Team'], 'marketing');
assert.equal(one.auth.type, 'basic');
const endpoints = await everyPage((after) => listWebhooks({ query: { limit: 1, after } }));
assert.deepEqual(endpoints.flat().map((e) => e.id), [endpoint.id, other.id]);
const pages = await everyPage((after) => listDeliveries({ query: { eventType: CREATED, limit: 2, after } }));
assert.deepEqual(pages.flat().map((d) => d.id), log.map((d) => d.id));
console.log('paged the log in', pages.length, 'pages');

// Replay a delivery: it is sent again with the same id.
const replayed = await replayDelivery({ path: { id: log[0].id } });
assert.equal(replayed.response.status, 202);
assert.equal(replayed.data.id, log[0].id);
console.log('replayed', replayed.data.id);

// A 409 is typed: the error's code says why (an archived campaign cannot become active again).
const autumn = campaigns[3].id;
assert.equal((await updateCampaign({ path: { id: autumn }, body: { status: 'archived' } })).response.status, 200);
const conflict = await updateCampaign({ path: { id: autumn }, body: { status: 'active' } });
assert.equal(conflict.response.status, 409);
assert.equal(conflict.error.code, 'invalid_status_transition');
console.log('409', conflict.error.code);

// A refused request is a typed 422 with its stable code.
const refused = await listDeliveries({ query: { eventType: 'campaign.craeted.v1' } });
assert.equal(refused.response.status, 422);
assert.equal(refused.error.code, 'unknown_event_type');
console.log('422', refused.error.code);
console.log('typescript campaign-api client: ok');
