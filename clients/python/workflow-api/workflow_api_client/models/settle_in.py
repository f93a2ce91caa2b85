from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SettleIn")


@_attrs_define
class SettleIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        status (str): `succeeded` or `failed`; anything else is `422 invalid_status`.
    """

    status: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = d.pop("status")

        settle_in = cls(
            status=status,
        )

        return settle_in
