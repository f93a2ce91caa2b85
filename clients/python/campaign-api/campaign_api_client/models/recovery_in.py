from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecoveryIn")


@_attrs_define
class RecoveryIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        since (datetime.datetime): The window's start, included: RFC 3339 with a time zone. Digits below the millisecond
            are dropped.
        until (datetime.datetime | None | Unset): The window's end, excluded; absent or null: now. Not in the future; at
            most 90 days after `since`.
        include_delivered (bool | Unset): Re-send the window's delivered deliveries too. Default: False.
        dry_run (bool | Unset): Only count (200); start nothing. Default: False.
    """

    since: datetime.datetime
    until: datetime.datetime | None | Unset = UNSET
    include_delivered: bool | Unset = False
    dry_run: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        since = self.since.isoformat()

        until: None | str | Unset
        if isinstance(self.until, Unset):
            until = UNSET
        elif isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        include_delivered = self.include_delivered

        dry_run = self.dry_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "since": since,
            }
        )
        if until is not UNSET:
            field_dict["until"] = until
        if include_delivered is not UNSET:
            field_dict["includeDelivered"] = include_delivered
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        since = datetime.datetime.fromisoformat(d.pop("since"))

        def _parse_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)

                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        until = _parse_until(d.pop("until", UNSET))

        include_delivered = d.pop("includeDelivered", UNSET)

        dry_run = d.pop("dryRun", UNSET)

        recovery_in = cls(
            since=since,
            until=until,
            include_delivered=include_delivered,
            dry_run=dry_run,
        )

        return recovery_in
