from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenIn")


@_attrs_define
class TokenIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        account (str): The account id (the token's `sub`): 1 to 200 characters, no control characters; any account of
            the product's.
        ttl_seconds (int | Unset): The token's lifetime in seconds: 60 to 30 days; default an hour. Default: 3600.
    """

    account: str
    ttl_seconds: int | Unset = 3600

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        ttl_seconds = self.ttl_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
            }
        )
        if ttl_seconds is not UNSET:
            field_dict["ttlSeconds"] = ttl_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        ttl_seconds = d.pop("ttlSeconds", UNSET)

        token_in = cls(
            account=account,
            ttl_seconds=ttl_seconds,
        )

        return token_in
