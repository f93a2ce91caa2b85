from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CampaignIn")


@_attrs_define
class CampaignIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        name (str): 1 to 200 characters, not only whitespace.
        status (None | str | Unset): `draft` (the default when absent or null), `active` or `paused`; anything else is
            `422 invalid_status`.
    """

    name: str
    status: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        campaign_in = cls(
            name=name,
            status=status,
        )

        return campaign_in
