from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RunIn")


@_attrs_define
class RunIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        workflow_id (str): 1 to 200 characters, not only whitespace.
    """

    workflow_id: str

    def to_dict(self) -> dict[str, Any]:
        workflow_id = self.workflow_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "workflow_id": workflow_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        workflow_id = d.pop("workflow_id")

        run_in = cls(
            workflow_id=workflow_id,
        )

        return run_in
