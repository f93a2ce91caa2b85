from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.o_auth_2_auth_in_type import OAuth2AuthInType
from ..types import UNSET, Unset

T = TypeVar("T", bound="OAuth2AuthIn")


@_attrs_define
class OAuth2AuthIn:
    """
    Attributes:
        type_ (OAuth2AuthInType):
        token_url (str): The token server's URL, under the endpoint URLs' rules (no internal addresses unless allowed,
            no redirects, the timeout).
        client_id (str):
        client_secret (str):
        scope (None | str | Unset):
        audience (None | str | Unset):
    """

    type_: OAuth2AuthInType
    token_url: str
    client_id: str
    client_secret: str
    scope: None | str | Unset = UNSET
    audience: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        token_url = self.token_url

        client_id = self.client_id

        client_secret = self.client_secret

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        audience: None | str | Unset
        if isinstance(self.audience, Unset):
            audience = UNSET
        else:
            audience = self.audience

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "tokenUrl": token_url,
                "clientId": client_id,
                "clientSecret": client_secret,
            }
        )
        if scope is not UNSET:
            field_dict["scope"] = scope
        if audience is not UNSET:
            field_dict["audience"] = audience

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = OAuth2AuthInType(d.pop("type"))

        token_url = d.pop("tokenUrl")

        client_id = d.pop("clientId")

        client_secret = d.pop("clientSecret")

        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))

        def _parse_audience(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        audience = _parse_audience(d.pop("audience", UNSET))

        o_auth_2_auth_in = cls(
            type_=type_,
            token_url=token_url,
            client_id=client_id,
            client_secret=client_secret,
            scope=scope,
            audience=audience,
        )

        return o_auth_2_auth_in
