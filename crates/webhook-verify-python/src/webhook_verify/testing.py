"""Signing test deliveries, for receivers' own tests."""

from __future__ import annotations

import time
from typing import Dict

from ._verify import DeliveryFormat, sign


def signed_headers(fmt: DeliveryFormat, secret: str, body: bytes, delivery_id: str) -> Dict[str, str]:
    """The headers a real delivery of ``body`` signed with ``secret`` carries: the signature, the
    id header, Content-Type and (workflow) X-Webhook-Timestamp. Send ``body`` byte for byte."""
    headers = {
        "Content-Type": "application/json",
        fmt.signature_header: sign(fmt, secret, body),
        fmt.id_header: delivery_id,
    }
    if fmt.timestamp_header:
        headers[fmt.timestamp_header] = str(int(time.time()))
    return headers
