"""Receiving workflow-api and campaign-api webhooks: verify, sign test deliveries, deduplicate.

The HMAC key is the WHOLE secret string as UTF-8, ``whsec_`` prefix included; it is NOT
base64-decoded. See docs/receiving.md.
"""

from ._verify import (
    SECRET_PREFIX,
    DeliveryFormat,
    Verified,
    Verifier,
    VerifyError,
    parse_signature,
    sign,
)
from .dedupe import Deduplicator, DedupeStore, MemoryStore, default_window_seconds
from .testing import signed_headers

__all__ = [
    "SECRET_PREFIX",
    "DeliveryFormat",
    "DedupeStore",
    "Deduplicator",
    "MemoryStore",
    "Verified",
    "Verifier",
    "VerifyError",
    "default_window_seconds",
    "parse_signature",
    "sign",
    "signed_headers",
]
