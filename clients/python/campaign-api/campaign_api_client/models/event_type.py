from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event_type_example_payload import EventTypeExamplePayload
    from ..models.event_type_schema import EventTypeSchema


T = TypeVar("T", bound="EventType")


@_attrs_define
class EventType:
    """A catalog event type (docs/events.md). Types are append-only and a type's schema never changes.

    Attributes:
        name (str): The type with its version suffix, as in `X-Service-Event` and `eventTypes`. Example:
            campaign.status_changed.v1.
        version (int): The number of the name's version suffix.
        entity_type (str): The envelope's `entityType`: the name's first segment. Example: campaign.
        publishable (bool): Whether `POST /api/v1/events` takes the type; `false` for the `campaign.*` types, which only
            the campaign routes emit.
        schema (EventTypeSchema): The JSON Schema (draft 2020-12) of the envelope's `payload`: an object with the
            required fields and their JSON types; other fields are allowed. `POST /api/v1/events` refuses a payload it does
            not accept. Example: {'$schema': 'https://json-schema.org/draft/2020-12/schema', 'additionalProperties': True,
            'properties': {'from': {'type': 'string'}, 'to': {'type': 'string'}}, 'required': ['from', 'to'], 'title':
            'payload of campaign.status_changed.v1', 'type': 'object'}.
        example_payload (EventTypeExamplePayload): A payload valid under `schema`. Example: {'from': 'active', 'to':
            'paused'}.
    """

    name: str
    version: int
    entity_type: str
    publishable: bool
    schema: EventTypeSchema
    example_payload: EventTypeExamplePayload
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        version = self.version

        entity_type = self.entity_type

        publishable = self.publishable

        schema = self.schema.to_dict()

        example_payload = self.example_payload.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "version": version,
                "entityType": entity_type,
                "publishable": publishable,
                "schema": schema,
                "examplePayload": example_payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_type_example_payload import EventTypeExamplePayload  # noqa: PLC0415
        from ..models.event_type_schema import EventTypeSchema  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        version = d.pop("version")

        entity_type = d.pop("entityType")

        publishable = d.pop("publishable")

        schema = EventTypeSchema.from_dict(d.pop("schema"))

        example_payload = EventTypeExamplePayload.from_dict(d.pop("examplePayload"))

        event_type = cls(
            name=name,
            version=version,
            entity_type=entity_type,
            publishable=publishable,
            schema=schema,
            example_payload=example_payload,
        )

        event_type.additional_properties = d
        return event_type

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
