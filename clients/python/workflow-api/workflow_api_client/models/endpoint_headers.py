from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EndpointHeaders")


@_attrs_define
class EndpointHeaders:
    """Headers of the receiver's own, sent on every attempt and test delivery (an extension): an object of name to value.
    At most 20, names HTTP tokens given once (ignoring case), values without control characters, 4 KB of names and
    values in all. The service's own headers (`X-Webhook-Signature`, `X-Webhook-Id`, `X-Webhook-Timestamp`, `X-Webhook-
    Probe`), `Content-Type`, `Content-Length`, `Host`, `Transfer-Encoding`, `Connection` and `Authorization` (which
    `auth` sets) are refused with `422 reserved_header`; other rules broken are `422 invalid_headers`. Returned as set:
    put a credential in `auth`, which is sealed.

    """

    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_headers = cls()

        endpoint_headers.additional_properties = d
        return endpoint_headers

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
