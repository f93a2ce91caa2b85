from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CampaignPatch")


@_attrs_define
class CampaignPatch:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        name (None | str | Unset): Absent or null: unchanged. Otherwise 1 to 200 characters, not only whitespace.
        status (None | str | Unset): Absent or null: unchanged. One of draft, active, paused, completed, archived (`422
            invalid_status` otherwise); a transition the state machine forbids is `409 invalid_status_transition`.
    """

    name: None | str | Unset = UNSET
    status: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        campaign_patch = cls(
            name=name,
            status=status,
        )

        return campaign_patch
