from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.header_auth_in_type import HeaderAuthInType

T = TypeVar("T", bound="HeaderAuthIn")


@_attrs_define
class HeaderAuthIn:
    """
    Attributes:
        type_ (HeaderAuthInType):
        name (str):
        value (str):
    """

    type_: HeaderAuthInType
    name: str
    value: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        name = self.name

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = HeaderAuthInType(d.pop("type"))

        name = d.pop("name")

        value = d.pop("value")

        header_auth_in = cls(
            type_=type_,
            name=name,
            value=value,
        )

        return header_auth_in
