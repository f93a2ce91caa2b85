from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ContentFilter")


@_attrs_define
class ContentFilter:
    """A content filter (docs/engine.md "Content filters"): a match object whose keys are field names or dotted paths into
    the delivery body and whose values are a value (equality), an operator object (`$eq`, `$neq`, `$in`, `$nin`, `$gt`,
    `$gte`, `$lt`, `$lte` on numbers and RFC 3339 times, `$exists`, `$startsWith`, `$not`) or a nested match object;
    `$and`, `$or` (arrays of match objects) and `$not` combine. A test of an array field holds when it holds for any
    element. At most 8 levels, 64 tests, 4096 bytes of JSON, 100 values in a list.

        Example:
            {'type': 'campaign.status_changed.v1', 'payload': {'to': 'paused'}}

    """

    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content_filter = cls()

        content_filter.additional_properties = d
        return content_filter

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
