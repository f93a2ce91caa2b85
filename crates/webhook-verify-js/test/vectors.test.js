'use strict';
// The published vectors (docs/webhook-vectors.json, shared with the Rust, Python and Go packages).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { DeliveryFormat, Deduplicator, Verifier, VerifyError, sign } = require('..');

const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../docs/webhook-vectors.json'), 'utf8'));
const formatOf = (v) => (v.format === 'workflow' ? DeliveryFormat.workflow() : DeliveryFormat.campaign(v.product));

test('every valid vector verifies with its id', () => {
  assert.ok(vectors.valid.length >= 4);
  for (const v of vectors.valid) {
    const verified = new Verifier(formatOf(v), v.secret).verify(Buffer.from(v.body, 'utf8'), v.headers);
    assert.deepEqual(verified, { id: v.id, secretIndex: 0 }, v.name);
  }
});

test('every invalid vector fails with its code', () => {
  assert.ok(vectors.invalid.length >= 8);
  for (const v of vectors.invalid) {
    assert.throws(
      () => new Verifier(formatOf(v), v.secret).verify(Buffer.from(v.body, 'utf8'), v.headers),
      (e) => e instanceof VerifyError && e.code === v.error,
      v.name,
    );
  }
});

test('signing reproduces the valid vectors', () => {
  for (const v of vectors.valid) {
    const format = formatOf(v);
    const published = Object.entries(v.headers).find(
      ([k]) => k.toLowerCase() === format.signatureHeader.toLowerCase(),
    )[1];
    assert.equal(sign(format, v.secret, Buffer.from(v.body, 'utf8')), published, v.name);
  }
});

test("GitHub's published vector", () => {
  assert.equal(
    sign(DeliveryFormat.campaign(), "It's a Secret to Everybody", 'Hello, World!'),
    'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
  );
});

test('the default dedupe windows are the published ones', () => {
  const windows = vectors.dedupe_window_seconds;
  assert.equal(Deduplicator.inMemory(DeliveryFormat.workflow()).windowSeconds, windows.workflow);
  assert.equal(Deduplicator.inMemory(DeliveryFormat.campaign()).windowSeconds, windows.campaign);
});
