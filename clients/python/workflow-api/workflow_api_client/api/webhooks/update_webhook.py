from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.endpoint import Endpoint
from ...models.endpoint_patch import EndpointPatch
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    endpoint_id: UUID,
    *,
    body: EndpointPatch,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/webhooks/{endpoint_id}".format(
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Endpoint | Error | None:
    if response.status_code == 200:
        response_200 = Endpoint.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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

    if response.status_code == 507:
        response_507 = Error.from_dict(response.json())

        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Endpoint | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: EndpointPatch,
) -> Response[Endpoint | Error]:
    """Change an endpoint (an extension of the spec)

     Changes what is present: the URL, the event kinds, or whether the endpoint is enabled (`false`
    disables it: its deliveries wait, parked, until it is enabled again; `true` enables it, as `POST
    /webhooks/{endpointId}/enable`). The endpoint keeps its id and its signing secret.

    Args:
        endpoint_id (UUID):
        body (EndpointPatch): What to change; absent fields keep their value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Endpoint | Error]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: EndpointPatch,
) -> Endpoint | Error | None:
    """Change an endpoint (an extension of the spec)

     Changes what is present: the URL, the event kinds, or whether the endpoint is enabled (`false`
    disables it: its deliveries wait, parked, until it is enabled again; `true` enables it, as `POST
    /webhooks/{endpointId}/enable`). The endpoint keeps its id and its signing secret.

    Args:
        endpoint_id (UUID):
        body (EndpointPatch): What to change; absent fields keep their value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Endpoint | Error
    """

    return sync_detailed(
        endpoint_id=endpoint_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: EndpointPatch,
) -> Response[Endpoint | Error]:
    """Change an endpoint (an extension of the spec)

     Changes what is present: the URL, the event kinds, or whether the endpoint is enabled (`false`
    disables it: its deliveries wait, parked, until it is enabled again; `true` enables it, as `POST
    /webhooks/{endpointId}/enable`). The endpoint keeps its id and its signing secret.

    Args:
        endpoint_id (UUID):
        body (EndpointPatch): What to change; absent fields keep their value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Endpoint | Error]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: EndpointPatch,
) -> Endpoint | Error | None:
    """Change an endpoint (an extension of the spec)

     Changes what is present: the URL, the event kinds, or whether the endpoint is enabled (`false`
    disables it: its deliveries wait, parked, until it is enabled again; `true` enables it, as `POST
    /webhooks/{endpointId}/enable`). The endpoint keeps its id and its signing secret.

    Args:
        endpoint_id (UUID):
        body (EndpointPatch): What to change; absent fields keep their value.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Endpoint | Error
    """

    return (
        await asyncio_detailed(
            endpoint_id=endpoint_id,
            client=client,
            body=body,
        )
    ).parsed
