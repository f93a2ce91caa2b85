from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RateLimitIn")


@_attrs_define
class RateLimitIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        rate_limit (int | None | Unset): Deliveries per second at most, a whole number from 1 to 10000. Absent or null
            removes the limit.
    """

    rate_limit: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rate_limit: int | None | Unset
        if isinstance(self.rate_limit, Unset):
            rate_limit = UNSET
        else:
            rate_limit = self.rate_limit

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if rate_limit is not UNSET:
            field_dict["rateLimit"] = rate_limit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_rate_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit = _parse_rate_limit(d.pop("rateLimit", UNSET))

        rate_limit_in = cls(
            rate_limit=rate_limit,
        )

        return rate_limit_in
