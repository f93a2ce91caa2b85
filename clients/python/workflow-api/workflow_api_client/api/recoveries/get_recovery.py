from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.recovery_job import RecoveryJob
from ...types import Response


def _get_kwargs(
    endpoint_id: UUID,
    recovery_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/webhooks/{endpoint_id}/recoveries/{recovery_id}".format(
            endpoint_id=quote(str(endpoint_id), safe=""),
            recovery_id=quote(str(recovery_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | RecoveryJob | None:
    if response.status_code == 200:
        response_200 = RecoveryJob.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | RecoveryJob]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    endpoint_id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | RecoveryJob]:
    """One recovery job: status and progress

    Args:
        endpoint_id (UUID):
        recovery_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RecoveryJob]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        recovery_id=recovery_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    endpoint_id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Error | RecoveryJob | None:
    """One recovery job: status and progress

    Args:
        endpoint_id (UUID):
        recovery_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RecoveryJob
    """

    return sync_detailed(
        endpoint_id=endpoint_id,
        recovery_id=recovery_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    endpoint_id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | RecoveryJob]:
    """One recovery job: status and progress

    Args:
        endpoint_id (UUID):
        recovery_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RecoveryJob]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        recovery_id=recovery_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    endpoint_id: UUID,
    recovery_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Error | RecoveryJob | None:
    """One recovery job: status and progress

    Args:
        endpoint_id (UUID):
        recovery_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RecoveryJob
    """

    return (
        await asyncio_detailed(
            endpoint_id=endpoint_id,
            recovery_id=recovery_id,
            client=client,
        )
    ).parsed
