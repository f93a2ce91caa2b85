import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery import Delivery
from ...models.error import Error
from ...models.list_deliveries_status import ListDeliveriesStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    status: ListDeliveriesStatus | Unset = UNSET,
    endpoint_id: UUID | Unset = UNSET,
    event_type: str | Unset = UNSET,
    created_from: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["after"] = after

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_endpoint_id: str | Unset = UNSET
    if not isinstance(endpoint_id, Unset):
        json_endpoint_id = str(endpoint_id)
    params["endpointId"] = json_endpoint_id

    params["eventType"] = event_type

    json_created_from: str | Unset = UNSET
    if not isinstance(created_from, Unset):
        json_created_from = created_from.isoformat()
    params["createdFrom"] = json_created_from

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["createdBefore"] = json_created_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhook-deliveries",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | list[Delivery] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Delivery.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | list[Delivery]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    status: ListDeliveriesStatus | Unset = UNSET,
    endpoint_id: UUID | Unset = UNSET,
    event_type: str | Unset = UNSET,
    created_from: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | list[Delivery]]:
    """List deliveries, newest first

    Args:
        limit (int | Unset):  Default: 50.
        after (str | Unset):  Example: 1795463290123456.01a209f3d7eb70b29f78ad531a00321f.
        status (ListDeliveriesStatus | Unset):
        endpoint_id (UUID | Unset):
        event_type (str | Unset):  Example: campaign.created.v1.
        created_from (datetime.datetime | Unset):  Example: 2026-11-22T10:15:30.123Z.
        created_before (datetime.datetime | Unset):  Example: 2026-11-22T11:15:30.123Z.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | list[Delivery]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        after=after,
        status=status,
        endpoint_id=endpoint_id,
        event_type=event_type,
        created_from=created_from,
        created_before=created_before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    status: ListDeliveriesStatus | Unset = UNSET,
    endpoint_id: UUID | Unset = UNSET,
    event_type: str | Unset = UNSET,
    created_from: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Error | list[Delivery] | None:
    """List deliveries, newest first

    Args:
        limit (int | Unset):  Default: 50.
        after (str | Unset):  Example: 1795463290123456.01a209f3d7eb70b29f78ad531a00321f.
        status (ListDeliveriesStatus | Unset):
        endpoint_id (UUID | Unset):
        event_type (str | Unset):  Example: campaign.created.v1.
        created_from (datetime.datetime | Unset):  Example: 2026-11-22T10:15:30.123Z.
        created_before (datetime.datetime | Unset):  Example: 2026-11-22T11:15:30.123Z.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | list[Delivery]
    """

    return sync_detailed(
        client=client,
        limit=limit,
        after=after,
        status=status,
        endpoint_id=endpoint_id,
        event_type=event_type,
        created_from=created_from,
        created_before=created_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    status: ListDeliveriesStatus | Unset = UNSET,
    endpoint_id: UUID | Unset = UNSET,
    event_type: str | Unset = UNSET,
    created_from: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | list[Delivery]]:
    """List deliveries, newest first

    Args:
        limit (int | Unset):  Default: 50.
        after (str | Unset):  Example: 1795463290123456.01a209f3d7eb70b29f78ad531a00321f.
        status (ListDeliveriesStatus | Unset):
        endpoint_id (UUID | Unset):
        event_type (str | Unset):  Example: campaign.created.v1.
        created_from (datetime.datetime | Unset):  Example: 2026-11-22T10:15:30.123Z.
        created_before (datetime.datetime | Unset):  Example: 2026-11-22T11:15:30.123Z.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | list[Delivery]]
    """

    kwargs = _get_kwargs(
        limit=limit,
        after=after,
        status=status,
        endpoint_id=endpoint_id,
        event_type=event_type,
        created_from=created_from,
        created_before=created_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    status: ListDeliveriesStatus | Unset = UNSET,
    endpoint_id: UUID | Unset = UNSET,
    event_type: str | Unset = UNSET,
    created_from: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Error | list[Delivery] | None:
    """List deliveries, newest first

    Args:
        limit (int | Unset):  Default: 50.
        after (str | Unset):  Example: 1795463290123456.01a209f3d7eb70b29f78ad531a00321f.
        status (ListDeliveriesStatus | Unset):
        endpoint_id (UUID | Unset):
        event_type (str | Unset):  Example: campaign.created.v1.
        created_from (datetime.datetime | Unset):  Example: 2026-11-22T10:15:30.123Z.
        created_before (datetime.datetime | Unset):  Example: 2026-11-22T11:15:30.123Z.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | list[Delivery]
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            after=after,
            status=status,
            endpoint_id=endpoint_id,
            event_type=event_type,
            created_from=created_from,
            created_before=created_before,
        )
    ).parsed
