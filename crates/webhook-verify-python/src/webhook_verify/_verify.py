"""Verifying a delivery: the signature header's form, then the HMAC in constant time, then the id.

The HMAC key is the WHOLE secret string as UTF-8, ``whsec_`` prefix included. It is NOT
base64-decoded (Standard Webhooks / Svix libraries decode it and therefore fail on our
deliveries).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from typing import Any, Iterable, List, Optional, Sequence, Tuple

SECRET_PREFIX = "whsec_"
SIGNATURE_HEX_LEN = 64

_PRODUCT_WORD = re.compile(r"^[A-Za-z0-9-]+$")
_KNOWN_PREFIXES = {
    "v1=": "a workflow delivery (X-Webhook-Signature)",
    "sha256=": "a campaign delivery (X-<Product>-Signature)",
}

MISMATCH_CAUSES = (
    "Usual causes: "
    "(1) the body was parsed and re-serialised: verify the raw request bytes, before any JSON parsing; "
    "(2) the secret was not used whole: the HMAC key is the entire secret string as UTF-8, `whsec_` prefix "
    "included, not base64-decoded and not stripped; "
    "(3) the endpoint's secret was rotated: pass the previous secret as well until deliveries use the new one"
)


class VerifyError(Exception):
    """A delivery did not verify. ``code`` is one of ``missing_header``, ``repeated_header``,
    ``malformed_header``, ``signature_mismatch`` (the same codes as the Rust and JS packages)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class DeliveryFormat:
    """Which service's deliveries: header names and signature prefix."""

    service: str
    signature_header: str
    id_header: str
    signature_prefix: str
    event_header: Optional[str] = None
    timestamp_header: Optional[str] = None

    @classmethod
    def workflow(cls) -> "DeliveryFormat":
        """workflow-api: ``X-Webhook-Signature: v1=<hex>``, ``X-Webhook-ID``, ``X-Webhook-Timestamp``."""
        return cls("workflow", "X-Webhook-Signature", "X-Webhook-ID", "v1=", None, "X-Webhook-Timestamp")

    @classmethod
    def campaign(cls, product: str = "Service") -> "DeliveryFormat":
        """campaign-api: ``X-<product>-Signature: sha256=<hex>``, ``X-<product>-Delivery``."""
        if not _PRODUCT_WORD.match(product or ""):
            raise ValueError(
                f"product word `{product}` must be letters, digits and '-' only (it becomes X-<word>-Signature)"
            )
        return cls(
            "campaign",
            f"X-{product}-Signature",
            f"X-{product}-Delivery",
            "sha256=",
            f"X-{product}-Event",
            None,
        )


@dataclass(frozen=True)
class Verified:
    """A delivery that verified: ``id`` is the dedupe key; ``secret_index`` says which secret
    matched (0 the current one, 1 the first previous one...)."""

    id: str
    secret_index: int


def sign(fmt: DeliveryFormat, secret: str, body: bytes) -> str:
    """The signature header value of ``body`` under ``secret`` (the whole ``whsec_...`` string)."""
    digest = hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
    return fmt.signature_prefix + digest


def _check_secret(secret: str) -> bytes:
    if not isinstance(secret, str):
        raise TypeError(
            "the secret must be the str shown at creation (`whsec_...`); do not base64-decode it to bytes"
        )
    if not secret:
        raise ValueError("the secret is empty; is the environment variable holding it set?")
    if secret.strip() != secret:
        raise ValueError(
            "the secret starts or ends with whitespace (often a newline from a file); our secrets never do, so trim it"
        )
    return secret.encode("utf-8")


def _header_values(headers: Any, name: str) -> List[str]:
    """Every value of header ``name`` in any case, from Flask/Werkzeug, Starlette, http.client,
    a dict or a list of pairs."""
    for getter in ("getlist", "get_all"):
        method = getattr(headers, getter, None)
        if callable(method):
            found = method(name)
            return list(found or [])
    items: Iterable[Tuple[str, str]] = headers.items() if hasattr(headers, "items") else headers
    lower = name.lower()
    return [v for k, v in items if k.lower() == lower]


def _single(headers: Any, name: str) -> str:
    values = _header_values(headers, name)
    if not values:
        raise VerifyError(
            "missing_header",
            f"no {name} header: the request was not sent by us, or a proxy or gateway dropped the header on the way",
        )
    if len(values) > 1:
        raise VerifyError("repeated_header", f"{name} appears {len(values)} times; a delivery carries exactly one")
    value = values[0]
    return value.decode("latin-1") if isinstance(value, bytes) else value


def _malformed(header: str, problem: str) -> VerifyError:
    return VerifyError("malformed_header", f"{header} is malformed: {problem}")


def parse_signature(fmt: DeliveryFormat, value: str) -> bytes:
    """Checks the form strictly (nothing trimmed or case-folded) and returns the 32 bytes."""
    header, prefix = fmt.signature_header, fmt.signature_prefix
    if any(c.isspace() for c in value):
        raise _malformed(
            header,
            "the value contains whitespace; pass the header value exactly as received "
            "(a signature never contains spaces, tabs or line breaks)",
        )
    if any(not ("!" <= c <= "~") for c in value):
        raise _malformed(header, "the value is not visible ASCII; it was garbled on the way or is not one of our signatures")
    if not value.startswith(prefix):
        cut = min([i for i in (value.find("="), value.find(",")) if i >= 0], default=-1)
        found = value[: cut + 1] if cut >= 0 else value[:12]
        hint = ""
        if found in _KNOWN_PREFIXES:
            hint = f": that is {_KNOWN_PREFIXES[found]}; verify it with that format"
        elif found.startswith("v1,"):
            hint = ": `v1,<base64>` is the Standard Webhooks / Svix form, not ours"
        raise _malformed(header, f"the value starts with `{found}` but this format expects `{prefix}`{hint}")
    digits = value[len(prefix):]
    if len(digits) != SIGNATURE_HEX_LEN:
        raise _malformed(
            header,
            f"the value has {len(digits)} hex digits after `{prefix}`, not {SIGNATURE_HEX_LEN}; "
            "was it truncated, or several signatures joined?",
        )
    if digits != digits.lower():
        raise _malformed(
            header,
            "the hex digits are uppercase; we send lowercase and compare exactly (something on the way changed the value)",
        )
    try:
        return bytes.fromhex(digits)
    except ValueError:
        raise _malformed(header, f"the value after `{prefix}` is not hexadecimal") from None


class Verifier:
    """Verifies deliveries of one format against the endpoint's secret and, during a rotation,
    previous ones."""

    def __init__(self, fmt: DeliveryFormat, secret: str, previous_secrets: Sequence[str] = ()) -> None:
        self.format = fmt
        self._keys = [_check_secret(s) for s in (secret, *previous_secrets)]
        self._all_prefixed = all(s.startswith(SECRET_PREFIX) for s in (secret, *previous_secrets))

    def __repr__(self) -> str:
        return f"Verifier({self.format.service}, secrets=<{len(self._keys)} redacted>)"

    def verify(self, body: bytes, headers: Any) -> Verified:
        """``body``: the raw request bytes exactly as received (Flask ``request.get_data()``,
        FastAPI ``await request.body()``). ``headers``: the request's headers."""
        if isinstance(body, str):
            raise TypeError(
                "pass the raw body as bytes, exactly as received (Flask: request.get_data(); "
                "FastAPI: await request.body()); a decoded str may not be the bytes we signed"
            )
        if not isinstance(body, (bytes, bytearray, memoryview)):
            raise TypeError(
                "pass the raw body bytes, not parsed JSON: re-serialising changes the bytes and the signature never matches"
            )
        body = bytes(body)
        value = _single(headers, self.format.signature_header)
        index = self.verify_signature(body, value)
        delivery_id = _single(headers, self.format.id_header)
        return Verified(delivery_id, index)

    def verify_signature(self, body: bytes, header_value: str) -> int:
        """Checks one signature header value; returns the index of the secret that matched. Every
        secret is tried, so timing does not tell which one matched."""
        tag = parse_signature(self.format, header_value)
        matched = -1
        for i, key in enumerate(self._keys):
            expected = hmac.new(key, body, hashlib.sha256).digest()
            if hmac.compare_digest(expected, tag) and matched < 0:
                matched = i
        if matched >= 0:
            return matched
        n = len(self._keys)
        tried = "the secret" if n == 1 else f"any of the {n} secrets"
        raise VerifyError(
            "signature_mismatch",
            f"the signature in {self.format.signature_header} does not match the body under {tried} tried. "
            f"{self._likely_cause(body)}{MISMATCH_CAUSES}",
        )

    def _likely_cause(self, body: bytes) -> str:
        if not self._all_prefixed:
            return "A secret does not start with `whsec_`: use the whole secret string exactly as shown at creation. "
        if b"\n" in body or b'": ' in body:
            return 'The body looks re-serialised (it has `": "` or a line break; our bodies are compact JSON). '
        return ""
