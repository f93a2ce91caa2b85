from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsoleLinkIn")


@_attrs_define
class ConsoleLinkIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        workspace_id (UUID):
        page (str | Unset): The console page the link opens once used: `/console` (the default) or a path below it
            (`/console/deliveries`); anything else is `422 invalid_body`.
    """

    workspace_id: UUID
    page: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        workspace_id = str(self.workspace_id)

        page = self.page

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "workspaceId": workspace_id,
            }
        )
        if page is not UNSET:
            field_dict["page"] = page

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        workspace_id = UUID(d.pop("workspaceId"))

        page = d.pop("page", UNSET)

        console_link_in = cls(
            workspace_id=workspace_id,
            page=page,
        )

        return console_link_in
