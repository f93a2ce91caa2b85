from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="EventIn")


@_attrs_define
class EventIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        type_ (str): A publishable catalog type (docs/events.md); `campaign.*` types are emitted by the service only.
        entity_type (str): The type's first segment (`line_item` for `line_item.created.v1`).
        entity_id (UUID): A UUID (`422 invalid_entity_id` otherwise).
        payload (Any): Any JSON value is parsed; it must be an object valid under the type's schema (`GET /api/v1/event-
            types/{name}`): its required fields, of their JSON types (`422 invalid_payload` otherwise, naming the field).
    """

    type_: str
    entity_type: str
    entity_id: UUID
    payload: Any

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        entity_type = self.entity_type

        entity_id = str(self.entity_id)

        payload = self.payload

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "entityType": entity_type,
                "entityId": entity_id,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        entity_type = d.pop("entityType")

        entity_id = UUID(d.pop("entityId"))

        payload = d.pop("payload")

        event_in = cls(
            type_=type_,
            entity_type=entity_type,
            entity_id=entity_id,
            payload=payload,
        )

        return event_in
