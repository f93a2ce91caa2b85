'use strict';
// Receiving workflow-api and campaign-api webhooks: verify, sign test deliveries, deduplicate.
//
// The HMAC key is the WHOLE secret string as UTF-8, `whsec_` prefix included. It is NOT
// base64-decoded (Standard Webhooks / Svix libraries decode it and fail on our deliveries).

const crypto = require('node:crypto');

const SECRET_PREFIX = 'whsec_';
const SIGNATURE_HEX_LEN = 64;
const KNOWN_PREFIXES = {
  'v1=': 'a workflow delivery (X-Webhook-Signature)',
  'sha256=': 'a campaign delivery (X-<Product>-Signature)',
};
const MISMATCH_CAUSES =
  'Usual causes: ' +
  '(1) the body was parsed and re-serialised: verify the raw request bytes, before any JSON parsing; ' +
  '(2) the secret was not used whole: the HMAC key is the entire secret string as UTF-8, `whsec_` prefix ' +
  'included, not base64-decoded and not stripped; ' +
  "(3) the endpoint's secret was rotated: pass the previous secret as well until deliveries use the new one";

/** A delivery did not verify; `code` is missing_header, repeated_header, malformed_header or signature_mismatch. */
class VerifyError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'VerifyError';
    this.code = code;
  }
}

/** Which service's deliveries: header names and signature prefix. */
class DeliveryFormat {
  constructor(fields) {
    Object.assign(this, fields);
    Object.freeze(this);
  }

  /** workflow-api: `X-Webhook-Signature: v1=<hex>`, `X-Webhook-ID`, `X-Webhook-Timestamp`. */
  static workflow() {
    return new DeliveryFormat({
      service: 'workflow',
      signatureHeader: 'X-Webhook-Signature',
      idHeader: 'X-Webhook-ID',
      signaturePrefix: 'v1=',
      eventHeader: null,
      timestampHeader: 'X-Webhook-Timestamp',
    });
  }

  /** campaign-api: `X-<product>-Signature: sha256=<hex>`, `X-<product>-Delivery`. */
  static campaign(product = 'Service') {
    if (typeof product !== 'string' || !/^[A-Za-z0-9-]+$/.test(product)) {
      throw new RangeError(`product word \`${product}\` must be letters, digits and '-' only (it becomes X-<word>-Signature)`);
    }
    return new DeliveryFormat({
      service: 'campaign',
      signatureHeader: `X-${product}-Signature`,
      idHeader: `X-${product}-Delivery`,
      signaturePrefix: 'sha256=',
      eventHeader: `X-${product}-Event`,
      timestampHeader: null,
    });
  }
}

/** The signature header value of `body` under `secret` (the whole `whsec_...` string). */
function sign(format, secret, body) {
  const digest = crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(toBuffer(body, true)).digest('hex');
  return format.signaturePrefix + digest;
}

function toBuffer(body, allowString) {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (typeof body === 'string') {
    if (allowString) return Buffer.from(body, 'utf8');
    throw new TypeError(
      'pass the raw body as a Buffer, exactly as received (Express: express.raw({ type: "application/json" })); ' +
        'a decoded string may not be the bytes we signed',
    );
  }
  throw new TypeError(
    'pass the raw body Buffer, not parsed JSON: express.json() (or JSON.parse) already consumed it, and ' +
      're-serialising changes the bytes so the signature never matches; use express.raw({ type: "application/json" })',
  );
}

function checkSecret(secret) {
  if (typeof secret !== 'string') {
    throw new TypeError('the secret must be the string shown at creation (`whsec_...`); do not base64-decode it');
  }
  if (secret === '') throw new RangeError('the secret is empty; is the environment variable holding it set?');
  if (secret.trim() !== secret) {
    throw new RangeError(
      'the secret starts or ends with whitespace (often a newline from a file); our secrets never do, so trim it',
    );
  }
  return Buffer.from(secret, 'utf8');
}

/** Every value of header `name` in any case, from Node's req.headers, a Fetch Headers or a plain object. */
function headerValues(headers, name) {
  if (headers && typeof headers.get === 'function' && !(headers instanceof Map)) {
    const v = headers.get(name);
    return v === null || v === undefined ? [] : [v];
  }
  const lower = name.toLowerCase();
  const entries = headers instanceof Map ? [...headers.entries()] : Object.entries(headers || {});
  const out = [];
  for (const [k, v] of entries) {
    if (k.toLowerCase() !== lower || v === undefined) continue;
    if (Array.isArray(v)) out.push(...v);
    else out.push(String(v));
  }
  return out;
}

function single(headers, name) {
  const values = headerValues(headers, name);
  if (values.length === 0) {
    throw new VerifyError(
      'missing_header',
      `no ${name} header: the request was not sent by us, or a proxy or gateway dropped the header on the way`,
    );
  }
  if (values.length > 1) {
    throw new VerifyError('repeated_header', `${name} appears ${values.length} times; a delivery carries exactly one`);
  }
  return values[0];
}

function malformed(header, problem) {
  return new VerifyError('malformed_header', `${header} is malformed: ${problem}`);
}

/** Checks the form strictly (nothing trimmed or case-folded); returns the 32 signature bytes. */
function parseSignature(format, value) {
  const header = format.signatureHeader;
  const prefix = format.signaturePrefix;
  if (/\s/.test(value)) {
    throw malformed(
      header,
      'the value contains whitespace; pass the header value exactly as received (a signature never contains spaces, ' +
        'tabs or line breaks; Node joins a repeated header with ", ")',
    );
  }
  if (!/^[\x21-\x7e]*$/.test(value)) {
    throw malformed(header, 'the value is not visible ASCII; it was garbled on the way or is not one of our signatures');
  }
  if (!value.startsWith(prefix)) {
    const cuts = [value.indexOf('='), value.indexOf(',')].filter((i) => i >= 0);
    const found = cuts.length ? value.slice(0, Math.min(...cuts) + 1) : value.slice(0, 12);
    let hint = '';
    if (KNOWN_PREFIXES[found]) hint = `: that is ${KNOWN_PREFIXES[found]}; verify it with that format`;
    else if (found.startsWith('v1,')) hint = ': `v1,<base64>` is the Standard Webhooks / Svix form, not ours';
    throw malformed(header, `the value starts with \`${found}\` but this format expects \`${prefix}\`${hint}`);
  }
  const digits = value.slice(prefix.length);
  if (digits.length !== SIGNATURE_HEX_LEN) {
    throw malformed(
      header,
      `the value has ${digits.length} hex digits after \`${prefix}\`, not ${SIGNATURE_HEX_LEN}; was it truncated, or several signatures joined?`,
    );
  }
  if (digits !== digits.toLowerCase()) {
    throw malformed(
      header,
      'the hex digits are uppercase; we send lowercase and compare exactly (something on the way changed the value)',
    );
  }
  if (!/^[0-9a-f]+$/.test(digits)) throw malformed(header, `the value after \`${prefix}\` is not hexadecimal`);
  return Buffer.from(digits, 'hex');
}

/** Verifies deliveries of one format against the endpoint's secret and, during a rotation, previous ones. */
class Verifier {
  constructor(format, secret, previousSecrets = []) {
    const all = [secret, ...previousSecrets];
    const keys = all.map(checkSecret);
    const allPrefixed = all.every((s) => s.startsWith(SECRET_PREFIX));
    this.format = format;
    // Not enumerable, so console.log(verifier) does not print the secrets.
    Object.defineProperty(this, 'keys', { value: keys, enumerable: false });
    Object.defineProperty(this, 'allPrefixed', { value: allPrefixed, enumerable: false });
  }

  /**
   * `body`: the raw request bytes exactly as received (Express: express.raw()). `headers`: the
   * request's headers. Returns `{ id, secretIndex }`; throws VerifyError.
   */
  verify(body, headers) {
    const raw = toBuffer(body, false);
    const value = single(headers, this.format.signatureHeader);
    const secretIndex = this.verifySignature(raw, value);
    const id = single(headers, this.format.idHeader);
    return { id, secretIndex };
  }

  /** Checks one signature header value; returns the index of the secret that matched. */
  verifySignature(body, headerValue) {
    const raw = toBuffer(body, false);
    const tag = parseSignature(this.format, headerValue);
    let matched = -1;
    this.keys.forEach((key, i) => {
      const expected = crypto.createHmac('sha256', key).update(raw).digest();
      if (crypto.timingSafeEqual(expected, tag) && matched < 0) matched = i;
    });
    if (matched >= 0) return matched;
    const n = this.keys.length;
    const tried = n === 1 ? 'the secret' : `any of the ${n} secrets`;
    throw new VerifyError(
      'signature_mismatch',
      `the signature in ${this.format.signatureHeader} does not match the body under ${tried} tried. ` +
        `${this.likelyCause(raw)}${MISMATCH_CAUSES}`,
    );
  }

  likelyCause(body) {
    if (!this.allPrefixed) {
      return 'A secret does not start with `whsec_`: use the whole secret string exactly as shown at creation. ';
    }
    if (body.includes('\n') || body.includes('": ')) {
      return 'The body looks re-serialised (it has `": "` or a line break; our bodies are compact JSON). ';
    }
    return '';
  }
}

/** The headers of a real delivery of `body` signed with `secret`, for receivers' own tests. */
function signedHeaders(format, secret, body, deliveryId) {
  const headers = {
    'Content-Type': 'application/json',
    [format.signatureHeader]: sign(format, secret, body),
    [format.idHeader]: deliveryId,
  };
  if (format.timestampHeader) headers[format.timestampHeader] = String(Math.floor(Date.now() / 1000));
  return headers;
}

// Dedupe ------------------------------------------------------------------------------------

/** Kept on top of the schedule: attempts queue when the sender is busy; clocks differ. */
const DEDUPE_MARGIN_SECONDS = 3600;
const WORKFLOW_RETRY = { delays: [60, 300, 1800, 7200], jitterPercent: 0, attemptTimeout: 10 };
const CAMPAIGN_RETRY = { delays: [30, 90, 270, 810, 2430, 7290, 21600], jitterPercent: 10, attemptTimeout: 10 };

/** Every delay at its longest jitter, every failed attempt at its timeout, plus the margin. */
function dedupeWindowSeconds({ delays, jitterPercent, attemptTimeout }) {
  const longest =
    delays.reduce((sum, d) => sum + Math.floor((d * (100 + jitterPercent)) / 100), 0) + attemptTimeout * delays.length;
  return longest + DEDUPE_MARGIN_SECONDS;
}

function defaultWindowSeconds(format) {
  return dedupeWindowSeconds(format.service === 'workflow' ? WORKFLOW_RETRY : CAMPAIGN_RETRY);
}

/** Ids in this process's memory; expired ones swept as the map grows. */
class MemoryStore {
  constructor() {
    this.expiry = new Map();
    this.sweepAt = 1024;
  }

  get size() {
    return this.expiry.size;
  }

  insertIfNew(id, now, expiresAt) {
    const current = this.expiry.get(id);
    if (current !== undefined && current > now) return false;
    if (this.expiry.size >= this.sweepAt) {
      for (const [k, t] of this.expiry) if (t <= now) this.expiry.delete(k);
      this.sweepAt = Math.max(2 * this.expiry.size, 1024);
    }
    this.expiry.set(id, expiresAt);
    return true;
  }

  remove(id) {
    this.expiry.delete(id);
  }
}

/**
 * Remembers processed delivery ids. `claim(id)` is true the first time within the window; call
 * `forget(id)` when processing failed so the sender's retry is processed. Claim only after verify.
 */
class Deduplicator {
  constructor({ windowSeconds, store = new MemoryStore(), clock = () => Date.now() / 1000 }) {
    this.windowSeconds = windowSeconds;
    this.store = store;
    this.clock = clock;
  }

  static inMemory(format, clock) {
    return new Deduplicator({ windowSeconds: defaultWindowSeconds(format), clock });
  }

  claim(id) {
    const now = this.clock();
    return this.store.insertIfNew(id, now, now + this.windowSeconds);
  }

  forget(id) {
    this.store.remove(id);
  }
}

module.exports = {
  SECRET_PREFIX,
  DeliveryFormat,
  Deduplicator,
  MemoryStore,
  Verifier,
  VerifyError,
  defaultWindowSeconds,
  parseSignature,
  sign,
  signedHeaders,
};
