from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.recovery_job_status import RecoveryJobStatus

T = TypeVar("T", bound="RecoveryJob")


@_attrs_define
class RecoveryJob:
    """
    Attributes:
        id (UUID):
        endpoint_id (UUID):
        status (RecoveryJobStatus): `queued` and `running` are active; the others are final. `failed`: see `error`.
        since (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        until (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        include_delivered (bool):
        total (int): Deliveries in the window when the job was created.
        processed (int): Deliveries of the window the job has gone through (may end above or below `total` if deliveries
            changed state meanwhile).
        resent (int): Of those, how many it sent again (the others were delivered meanwhile, or had an attempt in
            flight).
        error (None | str): Why a `failed` job stopped (its endpoint was deleted); null otherwise.
        created_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        started_at (datetime.datetime | None): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        finished_at (datetime.datetime | None): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        updated_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
    """

    id: UUID
    endpoint_id: UUID
    status: RecoveryJobStatus
    since: datetime.datetime
    until: datetime.datetime
    include_delivered: bool
    total: int
    processed: int
    resent: int
    error: None | str
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        endpoint_id = str(self.endpoint_id)

        status = self.status.value

        since = self.since.isoformat()

        until = self.until.isoformat()

        include_delivered = self.include_delivered

        total = self.total

        processed = self.processed

        resent = self.resent

        error: None | str
        error = self.error

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "endpointId": endpoint_id,
                "status": status,
                "since": since,
                "until": until,
                "includeDelivered": include_delivered,
                "total": total,
                "processed": processed,
                "resent": resent,
                "error": error,
                "createdAt": created_at,
                "startedAt": started_at,
                "finishedAt": finished_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        endpoint_id = UUID(d.pop("endpointId"))

        status = RecoveryJobStatus(d.pop("status"))

        since = datetime.datetime.fromisoformat(d.pop("since"))

        until = datetime.datetime.fromisoformat(d.pop("until"))

        include_delivered = d.pop("includeDelivered")

        total = d.pop("total")

        processed = d.pop("processed")

        resent = d.pop("resent")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("startedAt"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        recovery_job = cls(
            id=id,
            endpoint_id=endpoint_id,
            status=status,
            since=since,
            until=until,
            include_delivered=include_delivered,
            total=total,
            processed=processed,
            resent=resent,
            error=error,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            updated_at=updated_at,
        )

        recovery_job.additional_properties = d
        return recovery_job

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
