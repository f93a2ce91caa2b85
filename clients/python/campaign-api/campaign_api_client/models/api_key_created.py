from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ApiKeyCreated")


@_attrs_define
class ApiKeyCreated:
    """
    Attributes:
        workspace_id (UUID):
        api_key_id (UUID):
        api_key (str): The new key (`ck_…`), shown only here; stored hashed.
        created_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
    """

    workspace_id: UUID
    api_key_id: UUID
    api_key: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        workspace_id = str(self.workspace_id)

        api_key_id = str(self.api_key_id)

        api_key = self.api_key

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "workspaceId": workspace_id,
                "apiKeyId": api_key_id,
                "apiKey": api_key,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        workspace_id = UUID(d.pop("workspaceId"))

        api_key_id = UUID(d.pop("apiKeyId"))

        api_key = d.pop("apiKey")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        api_key_created = cls(
            workspace_id=workspace_id,
            api_key_id=api_key_id,
            api_key=api_key,
            created_at=created_at,
        )

        api_key_created.additional_properties = d
        return api_key_created

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
