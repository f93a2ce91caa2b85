from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.basic_auth_in_type import BasicAuthInType

T = TypeVar("T", bound="BasicAuthIn")


@_attrs_define
class BasicAuthIn:
    """
    Attributes:
        type_ (BasicAuthInType):
        username (str):
        password (str):
    """

    type_: BasicAuthInType
    username: str
    password: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        username = self.username

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "username": username,
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BasicAuthInType(d.pop("type"))

        username = d.pop("username")

        password = d.pop("password")

        basic_auth_in = cls(
            type_=type_,
            username=username,
            password=password,
        )

        return basic_auth_in
