from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="RecoveryDryRun")


@_attrs_define
class RecoveryDryRun:
    """
    Attributes:
        endpoint_id (UUID):
        since (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        until (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        include_delivered (bool):
        total (int): Deliveries a job over this window would re-send now.
    """

    endpoint_id: UUID
    since: datetime.datetime
    until: datetime.datetime
    include_delivered: bool
    total: int

    def to_dict(self) -> dict[str, Any]:
        endpoint_id = str(self.endpoint_id)

        since = self.since.isoformat()

        until = self.until.isoformat()

        include_delivered = self.include_delivered

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpointId": endpoint_id,
                "since": since,
                "until": until,
                "includeDelivered": include_delivered,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_id = UUID(d.pop("endpointId"))

        since = datetime.datetime.fromisoformat(d.pop("since"))

        until = datetime.datetime.fromisoformat(d.pop("until"))

        include_delivered = d.pop("includeDelivered")

        total = d.pop("total")

        recovery_dry_run = cls(
            endpoint_id=endpoint_id,
            since=since,
            until=until,
            include_delivered=include_delivered,
            total=total,
        )

        return recovery_dry_run
