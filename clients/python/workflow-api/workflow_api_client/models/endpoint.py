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


T = TypeVar("T", bound="Endpoint")


@_attrs_define
class Endpoint:
    """
    Attributes:
        endpoint_id (UUID):
        url (str):
        events (list[str]):
        created_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        disabled (bool): Set when deliveries stopped: the endpoint answered 410 Gone or kept failing.
        disabled_reason (None | str):
        disabled_at (datetime.datetime | None): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        rate_limit (int | None): Deliveries per second at most, per worker process; null: no limit.
        headers (EndpointHeaders): Headers of the receiver's own, sent on every attempt and test delivery (an
            extension): an object of name to value. At most 20, names HTTP tokens given once (ignoring case), values without
            control characters, 4 KB of names and values in all. The service's own headers (`X-Webhook-Signature`,
            `X-Webhook-Id`, `X-Webhook-Timestamp`, `X-Webhook-Probe`), `Content-Type`, `Content-Length`, `Host`, `Transfer-
            Encoding`, `Connection` and `Authorization` (which `auth` sets) are refused with `422 reserved_header`; other
            rules broken are `422 invalid_headers`. Returned as set: put a credential in `auth`, which is sealed.
        auth (BasicAuth | BearerAuth | HeaderAuth | None | OAuth2Auth): `null`: none.
        client_certificate (ClientCertificate | None): `null`: none.
        filter_ (ContentFilter | None): `null`: none.
    """

    endpoint_id: UUID
    url: str
    events: list[str]
    created_at: datetime.datetime
    disabled: bool
    disabled_reason: None | str
    disabled_at: datetime.datetime | None
    rate_limit: int | None
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

        endpoint_id = str(self.endpoint_id)

        url = self.url

        events = self.events

        created_at = self.created_at.isoformat()

        disabled = self.disabled

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        rate_limit: int | None
        rate_limit = self.rate_limit

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
                "endpointId": endpoint_id,
                "url": url,
                "events": events,
                "createdAt": created_at,
                "disabled": disabled,
                "disabledReason": disabled_reason,
                "disabledAt": disabled_at,
                "rateLimit": rate_limit,
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
        endpoint_id = UUID(d.pop("endpointId"))

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        disabled = d.pop("disabled")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabledAt"))

        def _parse_rate_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rate_limit = _parse_rate_limit(d.pop("rateLimit"))

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

        endpoint = cls(
            endpoint_id=endpoint_id,
            url=url,
            events=events,
            created_at=created_at,
            disabled=disabled,
            disabled_reason=disabled_reason,
            disabled_at=disabled_at,
            rate_limit=rate_limit,
            headers=headers,
            auth=auth,
            client_certificate=client_certificate,
            filter_=filter_,
        )

        endpoint.additional_properties = d
        return endpoint

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
