// Types for webhook-verify. The HMAC key is the WHOLE secret string as UTF-8, `whsec_`
// prefix included; it is NOT base64-decoded.

export declare const SECRET_PREFIX: 'whsec_';

export type VerifyErrorCode = 'missing_header' | 'repeated_header' | 'malformed_header' | 'signature_mismatch';

export declare class VerifyError extends Error {
  readonly code: VerifyErrorCode;
}

export declare class DeliveryFormat {
  readonly service: 'workflow' | 'campaign';
  readonly signatureHeader: string;
  readonly idHeader: string;
  readonly signaturePrefix: 'v1=' | 'sha256=';
  readonly eventHeader: string | null;
  readonly timestampHeader: string | null;
  /** workflow-api: `X-Webhook-Signature: v1=<hex>`, `X-Webhook-ID`. */
  static workflow(): DeliveryFormat;
  /** campaign-api: `X-<product>-Signature: sha256=<hex>`, `X-<product>-Delivery`. Default product: `Service`. */
  static campaign(product?: string): DeliveryFormat;
}

/** Node's `req.headers`, a Fetch `Headers`, a Map or a plain object; names in any case. */
export type HeaderSource =
  | { get(name: string): string | null }
  | Map<string, string | string[]>
  | Record<string, string | string[] | undefined>;

export interface Verified {
  /** The id header's value: the dedupe key. */
  id: string;
  /** 0: the current secret matched; 1: the first previous secret; ... */
  secretIndex: number;
}

export declare class Verifier {
  readonly format: DeliveryFormat;
  constructor(format: DeliveryFormat, secret: string, previousSecrets?: string[]);
  /** `body`: the raw request bytes exactly as received. Throws VerifyError. */
  verify(body: Uint8Array, headers: HeaderSource): Verified;
  verifySignature(body: Uint8Array, headerValue: string): number;
}

/** The signature header value of `body` under `secret`. */
export declare function sign(format: DeliveryFormat, secret: string, body: Uint8Array | string): string;

/** The 32 signature bytes of a strictly well-formed header value; throws VerifyError. */
export declare function parseSignature(format: DeliveryFormat, value: string): Uint8Array;

/** The headers of a real delivery of `body` signed with `secret`, for receivers' own tests. */
export declare function signedHeaders(
  format: DeliveryFormat,
  secret: string,
  body: Uint8Array | string,
  deliveryId: string,
): Record<string, string>;

export interface DedupeStore {
  /** Records `id` until `expiresAt` unless recorded and unexpired at `now`; true if recorded now. Atomic. */
  insertIfNew(id: string, now: number, expiresAt: number): boolean;
  remove(id: string): void;
}

export declare class MemoryStore implements DedupeStore {
  readonly size: number;
  insertIfNew(id: string, now: number, expiresAt: number): boolean;
  remove(id: string): void;
}

export declare class Deduplicator {
  readonly windowSeconds: number;
  readonly store: DedupeStore;
  constructor(options: { windowSeconds: number; store?: DedupeStore; clock?: () => number });
  /** In memory, for the default retry schedule of the format's service. */
  static inMemory(format: DeliveryFormat, clock?: () => number): Deduplicator;
  /** True the first time `id` is seen within the window. Claim only after verify. */
  claim(id: string): boolean;
  /** Processing failed: forget `id` so the sender's retry is processed. */
  forget(id: string): void;
}

/** Default dedupe window of a format's service, in seconds. */
export declare function defaultWindowSeconds(format: DeliveryFormat): number;
