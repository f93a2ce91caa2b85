from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WorkspaceIn")


@_attrs_define
class WorkspaceIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        name (str): 1 to 200 characters, not only whitespace (`422 invalid_name`).
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        workspace_in = cls(
            name=name,
        )

        return workspace_in
