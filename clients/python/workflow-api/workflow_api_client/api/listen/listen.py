from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    session: UUID | Unset = UNSET,
    events: str | Unset = UNSET,
    filter_: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_session: str | Unset = UNSET
    if not isinstance(session, Unset):
        json_session = str(session)
    params["session"] = json_session

    params["events"] = events

    params["filter"] = filter_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/webhooks/listen",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 406:
        response_406 = Error.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    session: UUID | Unset = UNSET,
    events: str | Unset = UNSET,
    filter_: str | Unset = UNSET,
) -> Response[Error | str]:
    """Open a listen session and stream its deliveries (Server-Sent Events)

     An extension for developers (the `listen` subcommand; docs/receiving.md "Listen on your laptop").
    The request must send `Accept: text/event-stream`. A new session is a temporary endpoint of the
    account (filtered by `events`, with a signing secret of its own, shown once in the `session` event);
    its deliveries are sent down this stream as `delivery` events (`deliveryId`, `eventType`, `attempt`,
    `replyToken`, `headers` as `[name, value]` pairs, `body` in base64) and answered with `POST
    /webhooks/listen/{sessionId}/replies`. A comment line (`: ping`) every 2 s keeps the stream alive;
    an `end` event closes it. With `session`, the stream takes an existing session again and its waiting
    deliveries are sent at once. A session expires `LISTEN_SESSION_TTL` after its stream was last seen;
    an account has at most `LISTEN_MAX_SESSIONS` live ones. Listen sessions are not listed by the
    endpoint list.

    Args:
        session (UUID | Unset):
        events (str | Unset):
        filter_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        session=session,
        events=events,
        filter_=filter_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    session: UUID | Unset = UNSET,
    events: str | Unset = UNSET,
    filter_: str | Unset = UNSET,
) -> Error | str | None:
    """Open a listen session and stream its deliveries (Server-Sent Events)

     An extension for developers (the `listen` subcommand; docs/receiving.md "Listen on your laptop").
    The request must send `Accept: text/event-stream`. A new session is a temporary endpoint of the
    account (filtered by `events`, with a signing secret of its own, shown once in the `session` event);
    its deliveries are sent down this stream as `delivery` events (`deliveryId`, `eventType`, `attempt`,
    `replyToken`, `headers` as `[name, value]` pairs, `body` in base64) and answered with `POST
    /webhooks/listen/{sessionId}/replies`. A comment line (`: ping`) every 2 s keeps the stream alive;
    an `end` event closes it. With `session`, the stream takes an existing session again and its waiting
    deliveries are sent at once. A session expires `LISTEN_SESSION_TTL` after its stream was last seen;
    an account has at most `LISTEN_MAX_SESSIONS` live ones. Listen sessions are not listed by the
    endpoint list.

    Args:
        session (UUID | Unset):
        events (str | Unset):
        filter_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        client=client,
        session=session,
        events=events,
        filter_=filter_,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    session: UUID | Unset = UNSET,
    events: str | Unset = UNSET,
    filter_: str | Unset = UNSET,
) -> Response[Error | str]:
    """Open a listen session and stream its deliveries (Server-Sent Events)

     An extension for developers (the `listen` subcommand; docs/receiving.md "Listen on your laptop").
    The request must send `Accept: text/event-stream`. A new session is a temporary endpoint of the
    account (filtered by `events`, with a signing secret of its own, shown once in the `session` event);
    its deliveries are sent down this stream as `delivery` events (`deliveryId`, `eventType`, `attempt`,
    `replyToken`, `headers` as `[name, value]` pairs, `body` in base64) and answered with `POST
    /webhooks/listen/{sessionId}/replies`. A comment line (`: ping`) every 2 s keeps the stream alive;
    an `end` event closes it. With `session`, the stream takes an existing session again and its waiting
    deliveries are sent at once. A session expires `LISTEN_SESSION_TTL` after its stream was last seen;
    an account has at most `LISTEN_MAX_SESSIONS` live ones. Listen sessions are not listed by the
    endpoint list.

    Args:
        session (UUID | Unset):
        events (str | Unset):
        filter_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        session=session,
        events=events,
        filter_=filter_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    session: UUID | Unset = UNSET,
    events: str | Unset = UNSET,
    filter_: str | Unset = UNSET,
) -> Error | str | None:
    """Open a listen session and stream its deliveries (Server-Sent Events)

     An extension for developers (the `listen` subcommand; docs/receiving.md "Listen on your laptop").
    The request must send `Accept: text/event-stream`. A new session is a temporary endpoint of the
    account (filtered by `events`, with a signing secret of its own, shown once in the `session` event);
    its deliveries are sent down this stream as `delivery` events (`deliveryId`, `eventType`, `attempt`,
    `replyToken`, `headers` as `[name, value]` pairs, `body` in base64) and answered with `POST
    /webhooks/listen/{sessionId}/replies`. A comment line (`: ping`) every 2 s keeps the stream alive;
    an `end` event closes it. With `session`, the stream takes an existing session again and its waiting
    deliveries are sent at once. A session expires `LISTEN_SESSION_TTL` after its stream was last seen;
    an account has at most `LISTEN_MAX_SESSIONS` live ones. Listen sessions are not listed by the
    endpoint list.

    Args:
        session (UUID | Unset):
        events (str | Unset):
        filter_ (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            client=client,
            session=session,
            events=events,
            filter_=filter_,
        )
    ).parsed
