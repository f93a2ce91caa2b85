from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_with_attempts_status import DeliveryWithAttemptsStatus

if TYPE_CHECKING:
    from ..models.attempt import Attempt


T = TypeVar("T", bound="DeliveryWithAttempts")


@_attrs_define
class DeliveryWithAttempts:
    """
    Attributes:
        id (UUID):
        endpoint_id (UUID):
        event_id (UUID):
        event_type (str):
        status (DeliveryWithAttemptsStatus):
        attempt_count (int):
        last_response_code (int | None):
        last_error (None | str):
        created_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        updated_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        next_attempt_at (datetime.datetime | None): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        delivered_at (datetime.datetime | None): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        payload_expired (bool): True once retention erased the delivery's payload (PAYLOAD_RETENTION): the entry stays
            in the log, but it can no longer be re-sent (409 payload_expired).
        attempts (list[Attempt]):
    """

    id: UUID
    endpoint_id: UUID
    event_id: UUID
    event_type: str
    status: DeliveryWithAttemptsStatus
    attempt_count: int
    last_response_code: int | None
    last_error: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    payload_expired: bool
    attempts: list[Attempt]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        endpoint_id = str(self.endpoint_id)

        event_id = str(self.event_id)

        event_type = self.event_type

        status = self.status.value

        attempt_count = self.attempt_count

        last_response_code: int | None
        last_response_code = self.last_response_code

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        payload_expired = self.payload_expired

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "endpointId": endpoint_id,
                "eventId": event_id,
                "eventType": event_type,
                "status": status,
                "attemptCount": attempt_count,
                "lastResponseCode": last_response_code,
                "lastError": last_error,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "nextAttemptAt": next_attempt_at,
                "deliveredAt": delivered_at,
                "payloadExpired": payload_expired,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt import Attempt  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        endpoint_id = UUID(d.pop("endpointId"))

        event_id = UUID(d.pop("eventId"))

        event_type = d.pop("eventType")

        status = DeliveryWithAttemptsStatus(d.pop("status"))

        attempt_count = d.pop("attemptCount")

        def _parse_last_response_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_response_code = _parse_last_response_code(d.pop("lastResponseCode"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("lastError"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))

        payload_expired = d.pop("payloadExpired")

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = Attempt.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        delivery_with_attempts = cls(
            id=id,
            endpoint_id=endpoint_id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempt_count=attempt_count,
            last_response_code=last_response_code,
            last_error=last_error,
            created_at=created_at,
            updated_at=updated_at,
            next_attempt_at=next_attempt_at,
            delivered_at=delivered_at,
            payload_expired=payload_expired,
            attempts=attempts,
        )

        delivery_with_attempts.additional_properties = d
        return delivery_with_attempts

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
