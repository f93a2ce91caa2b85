from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleLinkIn")


@_attrs_define
class ConsoleLinkIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        account (str): The account the console shows.
        page (str | Unset): The console page the link opens once used: `/console` (the default) or a path below it
            (`/console/deliveries`); anything else is `422 invalid_body`.
    """

    account: str
    page: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        page = self.page

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
            }
        )
        if page is not UNSET:
            field_dict["page"] = page

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        page = d.pop("page", UNSET)

        console_link_in = cls(
            account=account,
            page=page,
        )

        return console_link_in
