from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.basic_auth import BasicAuth
    from ..models.bearer_auth import BearerAuth
    from ..models.client_certificate import ClientCertificate
    from ..models.content_filter import ContentFilter
    from ..models.endpoint_headers import EndpointHeaders
    from ..models.header_auth import HeaderAuth
    from ..models.o_auth_2_auth import OAuth2Auth


T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (UUID):
        url (str):
        event_types (list[str]): `[]` means every type.
        disabled (bool):
        disabled_reason (None | str):
        rate_limit (int | None): Deliveries per second at most, per worker process; null: no limit.
        created_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        updated_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        headers (EndpointHeaders): Headers of the receiver's own, sent on every attempt and test delivery (an
            extension): an object of name to value. At most 20, names HTTP tokens given once (ignoring case), values without
            control characters, 4 KB of names and values in all. The service's own headers (`X-Service-Signature` and the
            other `X-Service-*` headers), `Content-Type`, `Content-Length`, `Host`, `Transfer-Encoding`, `Connection` and
            `Authorization` (which `auth` sets) are refused with `422 reserved_header`; other rules broken are `422
            invalid_headers`. Returned as set: put a credential in `auth`, which is sealed.
        auth (BasicAuth | BearerAuth | HeaderAuth | None | OAuth2Auth): `null`: none.
        client_certificate (ClientCertificate | None): `null`: none.
        filter_ (ContentFilter | None): `null`: none.
    """

    id: UUID
    url: str
    event_types: list[str]
    disabled: bool
    disabled_reason: None | str
    rate_limit: int | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    headers: EndpointHeaders
    auth: BasicAuth | BearerAuth | HeaderAuth | None | OAuth2Auth
    client_certificate: ClientCertificate | None
    filter_: ContentFilter | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.basic_auth import BasicAuth  # noqa: PLC0415
        from ..models.bearer_auth import BearerAuth  # noqa: PLC0415
        from ..models.client_certificate import ClientCertificate  # noqa: PLC0415
        from ..models.content_filter import ContentFilter  # noqa: PLC0415
        from ..models.header_auth import HeaderAuth  # noqa: PLC0415
        from ..models.o_auth_2_auth import OAuth2Auth  # noqa: PLC0415

        id = str(self.id)

        url = self.url

        event_types = self.event_types

        disabled = self.disabled

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        rate_limit: int | None
        rate_limit = self.rate_limit

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        headers = self.headers.to_dict()

        auth: dict[str, Any] | None
        if isinstance(self.auth, BearerAuth):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, BasicAuth):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, HeaderAuth):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, OAuth2Auth):
            auth = self.auth.to_dict()
        else:
            auth = self.auth

        client_certificate: dict[str, Any] | None
        if isinstance(self.client_certificate, ClientCertificate):
            client_certificate = self.client_certificate.to_dict()
        else:
            client_certificate = self.client_certificate

        filter_: dict[str, Any] | None
        if isinstance(self.filter_, ContentFilter):
            filter_ = self.filter_.to_dict()
        else:
            filter_ = self.filter_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "eventTypes": event_types,
                "disabled": disabled,
                "disabledReason": disabled_reason,
                "rateLimit": rate_limit,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "headers": headers,
                "auth": auth,
                "clientCertificate": client_certificate,
                "filter": filter_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.basic_auth import BasicAuth  # noqa: PLC0415
        from ..models.bearer_auth import BearerAuth  # noqa: PLC0415
        from ..models.client_certificate import ClientCertificate  # noqa: PLC0415
        from ..models.content_filter import ContentFilter  # noqa: PLC0415
        from ..models.endpoint_headers import EndpointHeaders  # noqa: PLC0415
        from ..models.header_auth import HeaderAuth  # noqa: PLC0415
        from ..models.o_auth_2_auth import OAuth2Auth  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        event_types = cast(list[str], d.pop("eventTypes"))

        disabled = d.pop("disabled")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))

        def _parse_rate_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rate_limit = _parse_rate_limit(d.pop("rateLimit"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        headers = EndpointHeaders.from_dict(d.pop("headers"))

        def _parse_auth(data: object) -> BasicAuth | BearerAuth | HeaderAuth | None | OAuth2Auth:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_type_0 = BearerAuth.from_dict(data)

                return componentsschemas_endpoint_auth_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_type_1 = BasicAuth.from_dict(data)

                return componentsschemas_endpoint_auth_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_type_2 = HeaderAuth.from_dict(data)

                return componentsschemas_endpoint_auth_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_type_3 = OAuth2Auth.from_dict(data)

                return componentsschemas_endpoint_auth_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BasicAuth | BearerAuth | HeaderAuth | None | OAuth2Auth, data)

        auth = _parse_auth(d.pop("auth"))

        def _parse_client_certificate(data: object) -> ClientCertificate | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                client_certificate_type_1 = ClientCertificate.from_dict(data)

                return client_certificate_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClientCertificate | None, data)

        client_certificate = _parse_client_certificate(d.pop("clientCertificate"))

        def _parse_filter_(data: object) -> ContentFilter | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filter_type_1 = ContentFilter.from_dict(data)

                return filter_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContentFilter | None, data)

        filter_ = _parse_filter_(d.pop("filter"))

        webhook = cls(
            id=id,
            url=url,
            event_types=event_types,
            disabled=disabled,
            disabled_reason=disabled_reason,
            rate_limit=rate_limit,
            created_at=created_at,
            updated_at=updated_at,
            headers=headers,
            auth=auth,
            client_certificate=client_certificate,
            filter_=filter_,
        )

        webhook.additional_properties = d
        return webhook

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
