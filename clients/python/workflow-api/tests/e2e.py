"""Drives a running workflow-api through the generated Python client, as an integrator would.

Run by workflow-api's test `the_python_client_drives_the_service` (cargo xtask test) with
SERVICE_URL, SERVICE_TOKEN (a session token) and RECEIVER_URL (a receiver that answers 200).
Each step asserts what the API answers; any failure exits non-zero with the reason.
"""

import os
import re
import time

from workflow_api_client import AuthenticatedClient
from workflow_api_client.api.deliveries import list_deliveries, retry_delivery
from workflow_api_client.api.runs import create_run, settle_run
from workflow_api_client.api.webhooks import create_webhook, get_webhook, list_webhooks
from workflow_api_client.models import (
    BearerAuthIn,
    BearerAuthInType,
    ContentFilter,
    EndpointCreated,
    EndpointHeaders,
    EndpointIn,
    Error,
    RunIn,
    SettleIn,
)
from workflow_api_client.types import UNSET


def next_cursor(link: str | None) -> str | None:
    """The `after` of a `Link: <…&after=…>; rel="next"` header, or None on the last page."""
    match = re.search(r"[?&]after=([^&>]+)>", link or "")
    return match.group(1) if match else None


def every_page(fetch):
    """Each page of a list, following its `Link` header: `fetch(after)` returns a Response."""
    after = UNSET
    while True:
        res = fetch(after)
        assert res.status_code == 200, res.content
        yield res.parsed
        after = next_cursor(res.headers.get("link"))
        if after is None:
            return


client = AuthenticatedClient(base_url=os.environ["SERVICE_URL"], token=os.environ["SERVICE_TOKEN"])

# Register an endpoint with a header of the receiver's, a bearer credential and a content filter.
headers = EndpointHeaders()
headers["X-Team"] = "billing"
body = EndpointIn(
    url=os.environ["RECEIVER_URL"],
    events=["run.completed", "run.failed"],
    headers=headers,
    auth=BearerAuthIn(type_=BearerAuthInType.BEARER, token="receiver-token-0123"),
    filter_=ContentFilter.from_dict({"workflow_id": {"$startsWith": "billing-"}}),
)
created = create_webhook.sync_detailed(client=client, body=body)
assert created.status_code == 201 and isinstance(created.parsed, EndpointCreated), created.content
endpoint = created.parsed
assert endpoint.signing_secret.startswith("whsec_")
print("registered", endpoint.endpoint_id)

# A second endpoint, for runs that fail only.
other = create_webhook.sync(client=client, body=EndpointIn(url=os.environ["RECEIVER_URL"], events=["run.failed"]))

# Four runs succeed; the three the filter matches are delivered, the other is not.
for workflow in ["billing-nightly", "billing-weekly", "billing-monthly", "reports-daily"]:
    run = create_run.sync(client=client, body=RunIn(workflow_id=workflow))
    settled = settle_run.sync_detailed(run.id, client=client, body=SettleIn(status="succeeded"))
    assert settled.status_code == 200, settled.content

deadline = time.monotonic() + 20
while True:
    log = list_deliveries.sync(client=client, endpoint_id=endpoint.endpoint_id)
    if len(log) == 3 and all(d.status == "delivered" for d in log):
        break
    assert time.monotonic() < deadline, f"not delivered in time: {log}"
    time.sleep(0.05)
assert all(d.event == "run.completed" for d in log), log
delivered = log[0]
print("delivered", len(log))

# Read it back, and page the endpoint list and the log one item at a time.
one = get_webhook.sync(endpoint.endpoint_id, client=client)
assert one.url == body.url and one.headers["X-Team"] == "billing" and one.auth.type_ == "bearer", one
pages = list(every_page(lambda after: list_webhooks.sync_detailed(client=client, limit=1, after=after)))
assert [p[0].endpoint_id for p in pages] == [endpoint.endpoint_id, other.endpoint_id], pages
pages = list(every_page(lambda after: list_deliveries.sync_detailed(client=client, limit=2, after=after)))
assert [d.delivery_id for p in pages for d in p] == [d.delivery_id for d in log], pages
print("paged the log in", len(pages), "pages")

# Retrying a delivered delivery is a 409, typed: the error's code says why.
retried = retry_delivery.sync_detailed(delivered.delivery_id, client=client)
assert retried.status_code == 409 and isinstance(retried.parsed, Error), retried.content
assert retried.parsed.code == "already_delivered", retried.parsed
print("409", retried.parsed.code)

# A refused request is a typed 422 with its stable code.
refused = create_webhook.sync_detailed(client=client, body=EndpointIn(url="ftp://example.com", events=["run.failed"]))
assert refused.status_code == 422 and isinstance(refused.parsed, Error), refused.content
assert refused.parsed.code == "invalid_url", refused.parsed
print("422", refused.parsed.code)
print("python workflow-api client: ok")
