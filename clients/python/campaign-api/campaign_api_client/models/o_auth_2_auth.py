from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.o_auth_2_auth_type import OAuth2AuthType

T = TypeVar("T", bound="OAuth2Auth")


@_attrs_define
class OAuth2Auth:
    """
    Attributes:
        type_ (OAuth2AuthType):
        token_url (str):
        client_id (str):
        scope (None | str):
        audience (None | str):
    """

    type_: OAuth2AuthType
    token_url: str
    client_id: str
    scope: None | str
    audience: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        token_url = self.token_url

        client_id = self.client_id

        scope: None | str
        scope = self.scope

        audience: None | str
        audience = self.audience

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "tokenUrl": token_url,
                "clientId": client_id,
                "scope": scope,
                "audience": audience,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = OAuth2AuthType(d.pop("type"))

        token_url = d.pop("tokenUrl")

        client_id = d.pop("clientId")

        def _parse_scope(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        scope = _parse_scope(d.pop("scope"))

        def _parse_audience(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        audience = _parse_audience(d.pop("audience"))

        o_auth_2_auth = cls(
            type_=type_,
            token_url=token_url,
            client_id=client_id,
            scope=scope,
            audience=audience,
        )

        o_auth_2_auth.additional_properties = d
        return o_auth_2_auth

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
