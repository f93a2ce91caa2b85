'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { DeliveryFormat, Verifier, VerifyError, signedHeaders } = require('..');

const SECRET = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const BODY = Buffer.from('{"event":"run.completed","id":"r1:run.completed"}');
const WORKFLOW = DeliveryFormat.workflow();
const lower = (h) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
const code = (fn) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof VerifyError, String(e));
    return [e.code, e.message];
  }
  assert.fail('verified');
};

test('a signed delivery verifies from Node-style lowercase headers', () => {
  const headers = lower(signedHeaders(WORKFLOW, SECRET, BODY, 'r1:run.completed'));
  assert.ok(headers['x-webhook-timestamp']);
  assert.deepEqual(new Verifier(WORKFLOW, SECRET).verify(BODY, headers), { id: 'r1:run.completed', secretIndex: 0 });
  assert.equal(new Verifier(WORKFLOW, SECRET).verify(new Uint8Array(BODY), new Headers(headers)).id, 'r1:run.completed');
});

test('rotation accepts the previous secret and says which', () => {
  const headers = signedHeaders(WORKFLOW, 'whsec_old', BODY, 'x');
  assert.equal(new Verifier(WORKFLOW, SECRET, ['whsec_old']).verify(BODY, headers).secretIndex, 1);
});

test('tampering and a wrong secret mismatch', () => {
  const headers = signedHeaders(WORKFLOW, SECRET, BODY, 'x');
  assert.equal(code(() => new Verifier(WORKFLOW, SECRET).verify(Buffer.from(BODY.toString().replace('r1', 'r2')), headers))[0], 'signature_mismatch');
  assert.equal(code(() => new Verifier(WORKFLOW, 'whsec_other').verify(BODY, headers))[0], 'signature_mismatch');
});

test('errors name the likely cause', () => {
  const headers = signedHeaders(WORKFLOW, SECRET, BODY, 'x');
  assert.match(code(() => new Verifier(WORKFLOW, SECRET.slice(6)).verify(BODY, headers))[1], /does not start with `whsec_`/);
  const pretty = Buffer.from(JSON.stringify(JSON.parse(BODY), null, 2));
  assert.match(code(() => new Verifier(WORKFLOW, SECRET).verify(pretty, headers))[1], /looks re-serialised/);
  const [c, message] = code(() =>
    new Verifier(DeliveryFormat.campaign('Service'), SECRET).verify(BODY, {
      'x-service-signature': headers['X-Webhook-Signature'],
      'x-service-delivery': 'd',
    }),
  );
  assert.equal(c, 'malformed_header');
  assert.match(message, /workflow delivery/);
});

test('a repeated header, joined by Node or given as a list, is refused', () => {
  const sig = signedHeaders(WORKFLOW, SECRET, BODY, 'x')['X-Webhook-Signature'];
  assert.equal(code(() => new Verifier(WORKFLOW, SECRET).verify(BODY, { 'x-webhook-signature': `${sig}, ${sig}`, 'x-webhook-id': 'x' }))[0], 'malformed_header');
  assert.equal(code(() => new Verifier(WORKFLOW, SECRET).verify(BODY, { 'x-webhook-signature': [sig, sig], 'x-webhook-id': 'x' }))[0], 'repeated_header');
});

test('a string or parsed body is refused with a hint', () => {
  const headers = signedHeaders(WORKFLOW, SECRET, BODY, 'x');
  assert.throws(() => new Verifier(WORKFLOW, SECRET).verify(BODY.toString(), headers), /express\.raw/);
  assert.throws(() => new Verifier(WORKFLOW, SECRET).verify(JSON.parse(BODY), headers), /not parsed JSON/);
});

test('secrets are checked and not printed', () => {
  assert.throws(() => new Verifier(WORKFLOW, ''), /empty/);
  assert.throws(() => new Verifier(WORKFLOW, `${SECRET}\n`), /whitespace/);
  assert.throws(() => new Verifier(WORKFLOW, Buffer.from('x')), /base64-decode/);
  assert.doesNotMatch(require('node:util').inspect(new Verifier(WORKFLOW, SECRET)), /AAEC/);
});
