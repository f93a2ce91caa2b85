from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.recovery_dry_run import RecoveryDryRun
from ...models.recovery_in import RecoveryIn
from ...models.recovery_job import RecoveryJob
from ...types import UNSET, Response, Unset


def _get_kwargs(
    endpoint_id: UUID,
    *,
    body: RecoveryIn,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/webhooks/{endpoint_id}/recoveries".format(
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RecoveryDryRun | RecoveryJob | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> RecoveryDryRun | RecoveryJob:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_recovery_started_type_0 = RecoveryJob.from_dict(data)

                return componentsschemas_recovery_started_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_recovery_started_type_1 = RecoveryDryRun.from_dict(data)

            return componentsschemas_recovery_started_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 202:

        def _parse_response_202(data: object) -> RecoveryDryRun | RecoveryJob:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_recovery_started_type_0 = RecoveryJob.from_dict(data)

                return componentsschemas_recovery_started_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_recovery_started_type_1 = RecoveryDryRun.from_dict(data)

            return componentsschemas_recovery_started_type_1

        response_202 = _parse_response_202(response.json())

        return response_202

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | RecoveryDryRun | RecoveryJob]:
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
    body: RecoveryIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | RecoveryDryRun | RecoveryJob]:
    """Count, or start a job that re-sends, the endpoint's failed deliveries of a time window (an extension
    of the spec)

     Re-sends every delivery of this endpoint created in `[since, until)` that is `failed` or
    `dead_letter` now, that is, never delivered since (with `includeDelivered`, delivered ones too),
    keeping each delivery's id and event id. `dryRun: true` only counts them (200). Otherwise a job is
    queued (202, `Location`) and worked through in batches of 200, oldest first, with no cap on the
    total; it survives restarts without re-sending twice. The window spans at most 90 days and may not
    end in the future. One active (queued or running) job per endpoint: a second answers `409
    recovery_already_active` with `activeRecoveryId`. Reference: docs/workflow-api.md 4.13.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RecoveryIn): Unknown fields are refused: `422 unknown_field`, naming the field
            meant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RecoveryDryRun | RecoveryJob]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: RecoveryIn,
    idempotency_key: str | Unset = UNSET,
) -> Error | RecoveryDryRun | RecoveryJob | None:
    """Count, or start a job that re-sends, the endpoint's failed deliveries of a time window (an extension
    of the spec)

     Re-sends every delivery of this endpoint created in `[since, until)` that is `failed` or
    `dead_letter` now, that is, never delivered since (with `includeDelivered`, delivered ones too),
    keeping each delivery's id and event id. `dryRun: true` only counts them (200). Otherwise a job is
    queued (202, `Location`) and worked through in batches of 200, oldest first, with no cap on the
    total; it survives restarts without re-sending twice. The window spans at most 90 days and may not
    end in the future. One active (queued or running) job per endpoint: a second answers `409
    recovery_already_active` with `activeRecoveryId`. Reference: docs/workflow-api.md 4.13.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RecoveryIn): Unknown fields are refused: `422 unknown_field`, naming the field
            meant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RecoveryDryRun | RecoveryJob
    """

    return sync_detailed(
        endpoint_id=endpoint_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: RecoveryIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | RecoveryDryRun | RecoveryJob]:
    """Count, or start a job that re-sends, the endpoint's failed deliveries of a time window (an extension
    of the spec)

     Re-sends every delivery of this endpoint created in `[since, until)` that is `failed` or
    `dead_letter` now, that is, never delivered since (with `includeDelivered`, delivered ones too),
    keeping each delivery's id and event id. `dryRun: true` only counts them (200). Otherwise a job is
    queued (202, `Location`) and worked through in batches of 200, oldest first, with no cap on the
    total; it survives restarts without re-sending twice. The window spans at most 90 days and may not
    end in the future. One active (queued or running) job per endpoint: a second answers `409
    recovery_already_active` with `activeRecoveryId`. Reference: docs/workflow-api.md 4.13.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RecoveryIn): Unknown fields are refused: `422 unknown_field`, naming the field
            meant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RecoveryDryRun | RecoveryJob]
    """

    kwargs = _get_kwargs(
        endpoint_id=endpoint_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: RecoveryIn,
    idempotency_key: str | Unset = UNSET,
) -> Error | RecoveryDryRun | RecoveryJob | None:
    """Count, or start a job that re-sends, the endpoint's failed deliveries of a time window (an extension
    of the spec)

     Re-sends every delivery of this endpoint created in `[since, until)` that is `failed` or
    `dead_letter` now, that is, never delivered since (with `includeDelivered`, delivered ones too),
    keeping each delivery's id and event id. `dryRun: true` only counts them (200). Otherwise a job is
    queued (202, `Location`) and worked through in batches of 200, oldest first, with no cap on the
    total; it survives restarts without re-sending twice. The window spans at most 90 days and may not
    end in the future. One active (queued or running) job per endpoint: a second answers `409
    recovery_already_active` with `activeRecoveryId`. Reference: docs/workflow-api.md 4.13.

    Args:
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RecoveryIn): Unknown fields are refused: `422 unknown_field`, naming the field
            meant.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RecoveryDryRun | RecoveryJob
    """

    return (
        await asyncio_detailed(
            endpoint_id=endpoint_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
