"""Verifies one delivery with the Standard Webhooks project's own Python package, an
implementation of the scheme independent of ours.

Usage: verify_standard_webhooks.py SECRET HEADERS_JSON < body
Prints `verified <type>` and exits 0, or `refused: <reason>` and exits 1.
"""

import json
import sys

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

secret, headers = sys.argv[1], json.loads(sys.argv[2])
body = sys.stdin.buffer.read()
try:
    payload = Webhook(secret).verify(body, headers)
except WebhookVerificationError as e:
    print(f"refused: {e}")
    sys.exit(1)
print(f"verified {payload['type']}")
