// Drives a running workflow-api through the generated TypeScript client, as an integrator
// would. Run by workflow-api's test `the_typescript_client_drives_the_service` (cargo xtask
// test) with SERVICE_URL, SERVICE_TOKEN (a session token) and RECEIVER_URL (a receiver that
// answers 200), after `tsc` built dist/. Any failed step throws, and node exits non-zero.

import assert from 'node:assert/strict';
import {
  client, createRun, createWebhook, getWebhook, listDeliveries, listWebhooks, retryDelivery, settleRun,
} from '../dist/index.js';

client.setConfig({ baseUrl: process.env.SERVICE_URL, auth: process.env.SERVICE_TOKEN });
const receiver = process.env.RECEIVER_URL;

/** The `after` of a `Link: <…&after=…>; rel="next"` header, or undefined on the last page. */
function nextCursor(response) {
  return /[?&]after=([^&>]+)>/.exec(response.headers.get('link') ?? '')?.[1];
}

/** Every item of a list, a page at a time: `fetch(after)` returns a call's result. */
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

// Register an endpoint with a header of the receiver's, a bearer credential and a content filter.
const created = await createWebhook({
  body: {
    url: receiver,
    events: ['run.completed', 'run.failed'],
    headers: { 'X-Team': 'billing' },
    auth: { type: 'bearer', token: 'receiver-token-0123' },
    filter: { workflow_id: { $startsWith: 'billing-' } },
  },
});
assert.equal(created.response.status, 201, JSON.stringify(created.error));
const endpoint = created.data;
assert.match(endpoint.signingSecret, /^whsec_/);
const other = (await createWebhook({ body: { url: receiver, events: ['run.failed'] } })).data;
console.log('registered', endpoint.endpointId);

// Four runs succeed; the three the filter matches are delivered, the other is not.
for (const workflow of ['billing-nightly', 'billing-weekly', 'billing-monthly', 'reports-daily']) {
  const run = (await createRun({ body: { workflow_id: workflow } })).data;
  const settled = await settleRun({ path: { id: run.id }, body: { status: 'succeeded' } });
  assert.equal(settled.response.status, 200, JSON.stringify(settled.error));
}
const deadline = Date.now() + 20_000;
let log;
for (;;) {
  log = (await listDeliveries({ query: { endpointId: endpoint.endpointId } })).data;
  if (log.length === 3 && log.every((d) => d.status === 'delivered')) break;
  assert.ok(Date.now() < deadline, `not delivered in time: ${JSON.stringify(log)}`);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
assert.ok(log.every((d) => d.event === 'run.completed'));
console.log('delivered', log.length);

// Read it back, and page the endpoint list and the log.
const one = (await getWebhook({ path: { endpointId: endpoint.endpointId } })).data;
assert.equal(one.headers['X-Team'], 'billing');
assert.equal(one.auth.type, 'bearer');
const endpoints = await everyPage((after) => listWebhooks({ query: { limit: 1, after } }));
assert.deepEqual(endpoints.flat().map((e) => e.endpointId), [endpoint.endpointId, other.endpointId]);
const pages = await everyPage((after) => listDeliveries({ query: { limit: 2, after } }));
assert.deepEqual(pages.flat().map((d) => d.deliveryId), log.map((d) => d.deliveryId));
console.log('paged the log in', pages.length, 'pages');

// Retrying a delivered delivery is a 409, typed: the error's code says why.
const retried = await retryDelivery({ path: { deliveryId: log[0].deliveryId } });
assert.equal(retried.response.status, 409);
assert.equal(retried.error.code, 'already_delivered');
console.log('409', retried.error.code);

// A refused request is a typed 422 with its stable code.
const refused = await createWebhook({ body: { url: 'ftp://example.com', events: ['run.failed'] } });
assert.equal(refused.response.status, 422);
assert.equal(refused.error.code, 'invalid_url');
console.log('422', refused.error.code);
console.log('typescript workflow-api client: ok');
