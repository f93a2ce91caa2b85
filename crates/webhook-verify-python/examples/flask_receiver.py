"""A webhook receiver in Flask: verify the raw body, deduplicate, then process.

    pip install flask
    WEBHOOK_SECRET=whsec_... python examples/flask_receiver.py       # workflow deliveries
    WEBHOOK_FORMAT=campaign PRODUCT_NAME=Service WEBHOOK_SECRET=... python examples/flask_receiver.py

Listens on 127.0.0.1:$PORT (default 8000; 0 picks a free port) at POST /webhooks, prints
`listening on <addr>` on stdout, then `processed <id>` on stderr once per delivery it processes.
"""

import json
import os
import sys

from flask import Flask, request
from werkzeug.serving import make_server

from webhook_verify import DeliveryFormat, Deduplicator, Verifier, VerifyError


def create_app(fmt: DeliveryFormat, secret: str, process) -> Flask:
    app = Flask(__name__)
    verifier = Verifier(fmt, secret)
    dedupe = Deduplicator.in_memory(fmt)

    @app.post("/webhooks")
    def receive():
        # The raw bytes, exactly as sent: never request.json, which parses (and re-serialising
        # would change the bytes the signature covers).
        body = request.get_data(cache=False)
        try:
            delivery = verifier.verify(body, request.headers)
        except VerifyError as e:
            app.logger.warning("rejected delivery: %s", e)
            status = 401 if e.code == "signature_mismatch" else 400
            return {"code": e.code, "detail": str(e)}, status
        # Only after verifying: the id header is not signed.
        if not dedupe.claim(delivery.id):
            return {"status": "duplicate"}, 200
        try:
            process(delivery.id, json.loads(body))
        except Exception:
            dedupe.forget(delivery.id)  # answer 500 so the sender retries, and process the retry
            raise
        return {"status": "processed"}, 200

    return app


def main() -> None:
    if os.environ.get("WEBHOOK_FORMAT", "workflow") == "campaign":
        fmt = DeliveryFormat.campaign(os.environ.get("PRODUCT_NAME", "Service"))
    else:
        fmt = DeliveryFormat.workflow()

    def process(delivery_id, event):
        print(f"processed {delivery_id}", file=sys.stderr, flush=True)

    app = create_app(fmt, os.environ["WEBHOOK_SECRET"], process)
    server = make_server("127.0.0.1", int(os.environ.get("PORT", "8000")), app, threaded=True)
    print(f"listening on 127.0.0.1:{server.server_port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
