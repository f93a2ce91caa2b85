"""Drives a running campaign-api through the generated Python client, as an integrator would.

Run by campaign-api's test `the_python_client_drives_the_service` (cargo xtask test) with
SERVICE_URL, SERVICE_TOKEN (a workspace's API key) and RECEIVER_URL (an HTTPS receiver that
answers 200). Each step asserts what the API answers; any failure exits non-zero with the reason.
"""

import os
import re
import time

from campaign_api_client import AuthenticatedClient
from campaign_api_client.api.campaigns import create_campaign, update_campaign
from campaign_api_client.api.deliveries import list_deliveries, replay_delivery
from campaign_api_client.api.webhooks import create_webhook, get_webhook, list_webhooks
from campaign_api_client.models import (
    BasicAuthIn,
    BasicAuthInType,
    CampaignIn,
    CampaignPatch,
    ContentFilter,
    EndpointHeaders,
    Error,
    WebhookCreated,
    WebhookIn,
)
from campaign_api_client.types import UNSET

CREATED = "campaign.created.v1"


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
receiver = os.environ["RECEIVER_URL"]

# Register an endpoint with a header of the receiver's, a basic credential, types and a filter.
headers = EndpointHeaders()
headers["X-Team"] = "marketing"
body = WebhookIn(
    url=receiver,
    event_types=[CREATED],
    headers=headers,
    auth=BasicAuthIn(type_=BasicAuthInType.BASIC, username="hooks", password="receiver-password-0123"),
    filter_=ContentFilter.from_dict({"payload.name": {"$startsWith": "Spring"}}),
)
created = create_webhook.sync_detailed(client=client, body=body)
assert created.status_code == 201 and isinstance(created.parsed, WebhookCreated), created.content
endpoint = created.parsed
assert endpoint.secret.startswith("whsec_")
other = create_webhook.sync(client=client, body=WebhookIn(url=receiver, event_types=["campaign.updated.v1"]))
print("registered", endpoint.id)

# Four campaigns; the three the filter matches are delivered to the first endpoint.
campaigns = [
    create_campaign.sync(client=client, body=CampaignIn(name=name))
    for name in ["Spring sale", "Spring launch", "Spring clearance", "Autumn sale"]
]
deadline = time.monotonic() + 20
while True:
    log = list_deliveries.sync(client=client, endpoint_id=endpoint.id)
    if len(log) == 3 and all(d.status == "delivered" for d in log):
        break
    assert time.monotonic() < deadline, f"not delivered in time: {log}"
    time.sleep(0.05)
print("delivered", len(log))

# Read it back, and page the endpoint list and the log (filtered by type) two at a time.
one = get_webhook.sync(endpoint.id, client=client)
assert one.url == receiver and one.headers["X-Team"] == "marketing" and one.auth.username == "hooks", one
pages = list(every_page(lambda after: list_webhooks.sync_detailed(client=client, limit=1, after=after)))
assert [p[0].id for p in pages] == [endpoint.id, other.id], pages
pages = list(
    every_page(lambda after: list_deliveries.sync_detailed(client=client, event_type=CREATED, limit=2, after=after))
)
assert [d.id for p in pages for d in p] == [d.id for d in log], pages
print("paged the log in", len(pages), "pages")

# Replay a delivery: it is sent again with the same id.
replayed = replay_delivery.sync_detailed(log[0].id, client=client)
assert replayed.status_code == 202 and replayed.parsed.id == log[0].id, replayed.content
print("replayed", replayed.parsed.id)

# A 409 is typed: the error's code says why (an archived campaign cannot become active again).
archived = update_campaign.sync_detailed(campaigns[3].id, client=client, body=CampaignPatch(status="archived"))
assert archived.status_code == 200, archived.content
conflict = update_campaign.sync_detailed(campaigns[3].id, client=client, body=CampaignPatch(status="active"))
assert conflict.status_code == 409 and isinstance(conflict.parsed, Error), conflict.content
assert conflict.parsed.code == "invalid_status_transition", conflict.parsed
print("409", conflict.parsed.code)

# A refused request is a typed 422 with its stable code.
refused = list_deliveries.sync_detailed(client=client, event_type="campaign.craeted.v1")
assert refused.status_code == 422 and isinstance(refused.parsed, Error), refused.content
assert refused.parsed.code == "unknown_event_type" and "campaign.created.v1" in refused.parsed.detail, refused.parsed
print("422", refused.parsed.code)
print("python campaign-api client: ok")
