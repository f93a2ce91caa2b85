from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """Every error body. `code` is stable snake_case; `detail` is for people; the other fields appear with the codes they
    name. Clients ignore fields they do not know.

        Attributes:
            code (str): Stable snake_case code; branch on it. Each response lists the codes it can carry in `x-error-codes`;
                new codes may be added.
            detail (str): Human-readable; may change.
            pointer (str | Unset): With `invalid_filter`: a JSON pointer (RFC 6901) to the offending part of the body
                (`/filter/...`).
            field (str | Unset): With `unknown_filter_field`: the filter's path that was refused.
            active_recovery_id (UUID | Unset): With `recovery_already_active`: the active job's id.
    """

    code: str
    detail: str
    pointer: str | Unset = UNSET
    field: str | Unset = UNSET
    active_recovery_id: UUID | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        pointer = self.pointer

        field = self.field

        active_recovery_id: str | Unset = UNSET
        if not isinstance(self.active_recovery_id, Unset):
            active_recovery_id = str(self.active_recovery_id)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
            }
        )
        if pointer is not UNSET:
            field_dict["pointer"] = pointer
        if field is not UNSET:
            field_dict["field"] = field
        if active_recovery_id is not UNSET:
            field_dict["activeRecoveryId"] = active_recovery_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        pointer = d.pop("pointer", UNSET)

        field = d.pop("field", UNSET)

        _active_recovery_id = d.pop("activeRecoveryId", UNSET)
        active_recovery_id: UUID | Unset
        if isinstance(_active_recovery_id, Unset):
            active_recovery_id = UNSET
        else:
            active_recovery_id = UUID(_active_recovery_id)

        error = cls(
            code=code,
            detail=detail,
            pointer=pointer,
            field=field,
            active_recovery_id=active_recovery_id,
        )

        error.additional_properties = d
        return error

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
