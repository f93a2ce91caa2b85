from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.test_sent_event import TestSentEvent

T = TypeVar("T", bound="TestSent")


@_attrs_define
class TestSent:
    """
    Attributes:
        endpoint_id (UUID):
        event (TestSentEvent):
        event_id (str): `test_<uuid>:webhook.test`
    """

    endpoint_id: UUID
    event: TestSentEvent
    event_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        endpoint_id = str(self.endpoint_id)

        event = self.event.value

        event_id = self.event_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "endpointId": endpoint_id,
                "event": event,
                "eventId": event_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_id = UUID(d.pop("endpointId"))

        event = TestSentEvent(d.pop("event"))

        event_id = d.pop("eventId")

        test_sent = cls(
            endpoint_id=endpoint_id,
            event=event,
            event_id=event_id,
        )

        test_sent.additional_properties = d
        return test_sent

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
