'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { DeliveryFormat, Deduplicator, MemoryStore } = require('..');

test('an id is a duplicate until the window ends', () => {
  let now = 1_800_000_000;
  const dedupe = Deduplicator.inMemory(DeliveryFormat.workflow(), () => now);
  assert.equal(dedupe.claim('a'), true);
  assert.equal(dedupe.claim('a'), false);
  assert.equal(dedupe.claim('b'), true);
  now += dedupe.windowSeconds - 1;
  assert.equal(dedupe.claim('a'), false);
  now += 1;
  assert.equal(dedupe.claim('a'), true);
});

test("the default windows outlast each service's retries", () => {
  assert.ok(Deduplicator.inMemory(DeliveryFormat.workflow()).windowSeconds > 156 * 60);
  assert.ok(Deduplicator.inMemory(DeliveryFormat.campaign()).windowSeconds > 32520 * 1.1);
});

test('forgetting lets the retry through', () => {
  const dedupe = Deduplicator.inMemory(DeliveryFormat.workflow());
  assert.equal(dedupe.claim('a'), true);
  dedupe.forget('a');
  assert.equal(dedupe.claim('a'), true);
  assert.equal(dedupe.claim('a'), false);
});

test('expired ids are swept', () => {
  let now = 1_800_000_000;
  const store = new MemoryStore();
  const dedupe = new Deduplicator({ windowSeconds: 10, store, clock: () => now });
  for (let i = 0; i < 1024; i++) assert.equal(dedupe.claim(String(i)), true);
  now += 11;
  assert.equal(dedupe.claim('late'), true);
  assert.equal(store.size, 1);
});
