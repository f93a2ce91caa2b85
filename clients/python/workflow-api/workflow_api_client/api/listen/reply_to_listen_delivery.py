from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.listen_reply_in import ListenReplyIn
from ...types import UNSET, Response, Unset


def _get_kwargs(
    session_id: UUID,
    *,
    body: ListenReplyIn,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks/listen/{session_id}/replies".format(
            session_id=quote(str(session_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    session_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ListenReplyIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[Any | Error]:
    """Report the local answer to a streamed delivery

     Recorded as the attempt's outcome, as an endpoint's HTTP answer is: a 2xx `status` without `error`
    delivers it, anything else is a failed attempt retried on the service's schedule. Any API process
    takes it.

    Args:
        session_id (UUID):
        idempotency_key (str | Unset):
        body (ListenReplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    session_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ListenReplyIn,
    idempotency_key: str | Unset = UNSET,
) -> Any | Error | None:
    """Report the local answer to a streamed delivery

     Recorded as the attempt's outcome, as an endpoint's HTTP answer is: a 2xx `status` without `error`
    delivers it, anything else is a failed attempt retried on the service's schedule. Any API process
    takes it.

    Args:
        session_id (UUID):
        idempotency_key (str | Unset):
        body (ListenReplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        session_id=session_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    session_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ListenReplyIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[Any | Error]:
    """Report the local answer to a streamed delivery

     Recorded as the attempt's outcome, as an endpoint's HTTP answer is: a 2xx `status` without `error`
    delivers it, anything else is a failed attempt retried on the service's schedule. Any API process
    takes it.

    Args:
        session_id (UUID):
        idempotency_key (str | Unset):
        body (ListenReplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        session_id=session_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    session_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ListenReplyIn,
    idempotency_key: str | Unset = UNSET,
) -> Any | Error | None:
    """Report the local answer to a streamed delivery

     Recorded as the attempt's outcome, as an endpoint's HTTP answer is: a 2xx `status` without `error`
    delivers it, anything else is a failed attempt retried on the service's schedule. Any API process
    takes it.

    Args:
        session_id (UUID):
        idempotency_key (str | Unset):
        body (ListenReplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            session_id=session_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
