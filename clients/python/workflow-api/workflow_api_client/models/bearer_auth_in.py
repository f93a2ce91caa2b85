from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bearer_auth_in_type import BearerAuthInType

T = TypeVar("T", bound="BearerAuthIn")


@_attrs_define
class BearerAuthIn:
    """
    Attributes:
        type_ (BearerAuthInType):
        token (str):
    """

    type_: BearerAuthInType
    token: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BearerAuthInType(d.pop("type"))

        token = d.pop("token")

        bearer_auth_in = cls(
            type_=type_,
            token=token,
        )

        return bearer_auth_in
