from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.basic_auth_in import BasicAuthIn
    from ..models.bearer_auth_in import BearerAuthIn
    from ..models.client_certificate_in import ClientCertificateIn
    from ..models.content_filter import ContentFilter
    from ..models.endpoint_headers import EndpointHeaders
    from ..models.header_auth_in import HeaderAuthIn
    from ..models.o_auth_2_auth_in import OAuth2AuthIn


T = TypeVar("T", bound="WebhookPatch")


@_attrs_define
class WebhookPatch:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant. `updatedAt` changes on every PATCH, even
    one that changes nothing.

        Attributes:
            url (None | str | Unset): Absent or null: unchanged.
            event_types (list[str] | None | Unset): Absent: unchanged. `null` or `[]`: every type.
            disabled (bool | None | Unset): Absent or null: unchanged. `true` disables (reason `disabled through the API`);
                `false` enables and resumes held deliveries.
            rate_limit (int | None | Unset): Absent: unchanged. `null`: no limit. Otherwise deliveries per second at most, a
                whole number from 1 to 10000 (else `422 invalid_rate_limit`).
            headers (EndpointHeaders | None | Unset): Replaces the custom headers; `null` or `{}` removes them.
            auth (BasicAuthIn | BearerAuthIn | HeaderAuthIn | None | OAuth2AuthIn | Unset): Replaces the credential; `null`
                removes it.
            client_certificate (ClientCertificateIn | None | Unset): Replaces the client certificate; `null` removes it.
            filter_ (ContentFilter | None | Unset): Replaces the content filter; `null` removes it.
    """

    url: None | str | Unset = UNSET
    event_types: list[str] | None | Unset = UNSET
    disabled: bool | None | Unset = UNSET
    rate_limit: int | None | Unset = UNSET
    headers: EndpointHeaders | None | Unset = UNSET
    auth: BasicAuthIn | BearerAuthIn | HeaderAuthIn | None | OAuth2AuthIn | Unset = UNSET
    client_certificate: ClientCertificateIn | None | Unset = UNSET
    filter_: ContentFilter | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.basic_auth_in import BasicAuthIn  # noqa: PLC0415
        from ..models.bearer_auth_in import BearerAuthIn  # noqa: PLC0415
        from ..models.client_certificate_in import ClientCertificateIn  # noqa: PLC0415
        from ..models.content_filter import ContentFilter  # noqa: PLC0415
        from ..models.endpoint_headers import EndpointHeaders  # noqa: PLC0415
        from ..models.header_auth_in import HeaderAuthIn  # noqa: PLC0415
        from ..models.o_auth_2_auth_in import OAuth2AuthIn  # noqa: PLC0415

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        event_types: list[str] | None | Unset
        if isinstance(self.event_types, Unset):
            event_types = UNSET
        elif isinstance(self.event_types, list):
            event_types = self.event_types

        else:
            event_types = self.event_types

        disabled: bool | None | Unset
        if isinstance(self.disabled, Unset):
            disabled = UNSET
        else:
            disabled = self.disabled

        rate_limit: int | None | Unset
        if isinstance(self.rate_limit, Unset):
            rate_limit = UNSET
        else:
            rate_limit = self.rate_limit

        headers: dict[str, Any] | None | Unset
        if isinstance(self.headers, Unset):
            headers = UNSET
        elif isinstance(self.headers, EndpointHeaders):
            headers = self.headers.to_dict()
        else:
            headers = self.headers

        auth: dict[str, Any] | None | Unset
        if isinstance(self.auth, Unset):
            auth = UNSET
        elif isinstance(self.auth, BearerAuthIn):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, BasicAuthIn):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, HeaderAuthIn):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, OAuth2AuthIn):
            auth = self.auth.to_dict()
        else:
            auth = self.auth

        client_certificate: dict[str, Any] | None | Unset
        if isinstance(self.client_certificate, Unset):
            client_certificate = UNSET
        elif isinstance(self.client_certificate, ClientCertificateIn):
            client_certificate = self.client_certificate.to_dict()
        else:
            client_certificate = self.client_certificate

        filter_: dict[str, Any] | None | Unset
        if isinstance(self.filter_, Unset):
            filter_ = UNSET
        elif isinstance(self.filter_, ContentFilter):
            filter_ = self.filter_.to_dict()
        else:
            filter_ = self.filter_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if event_types is not UNSET:
            field_dict["eventTypes"] = event_types
        if disabled is not UNSET:
            field_dict["disabled"] = disabled
        if rate_limit is not UNSET:
            field_dict["rateLimit"] = rate_limit
        if headers is not UNSET:
            field_dict["headers"] = headers
        if auth is not UNSET:
            field_dict["auth"] = auth
        if client_certificate is not UNSET:
            field_dict["clientCertificate"] = client_certificate
        if filter_ is not UNSET:
            field_dict["filter"] = filter_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.basic_auth_in import BasicAuthIn  # noqa: PLC0415
        from ..models.bearer_auth_in import BearerAuthIn  # noqa: PLC0415
        from ..models.client_certificate_in import ClientCertificateIn  # noqa: PLC0415
        from ..models.content_filter import ContentFilter  # noqa: PLC0415
        from ..models.endpoint_headers import EndpointHeaders  # noqa: PLC0415
        from ..models.header_auth_in import HeaderAuthIn  # noqa: PLC0415
        from ..models.o_auth_2_auth_in import OAuth2AuthIn  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        def _parse_event_types(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                event_types_type_0 = cast(list[str], data)

                return event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        event_types = _parse_event_types(d.pop("eventTypes", UNSET))

        def _parse_disabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        disabled = _parse_disabled(d.pop("disabled", UNSET))

        def _parse_rate_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit = _parse_rate_limit(d.pop("rateLimit", UNSET))

        def _parse_headers(data: object) -> EndpointHeaders | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_1 = EndpointHeaders.from_dict(data)

                return headers_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndpointHeaders | None | Unset, data)

        headers = _parse_headers(d.pop("headers", UNSET))

        def _parse_auth(data: object) -> BasicAuthIn | BearerAuthIn | HeaderAuthIn | None | OAuth2AuthIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_in_type_0 = BearerAuthIn.from_dict(data)

                return componentsschemas_endpoint_auth_in_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_in_type_1 = BasicAuthIn.from_dict(data)

                return componentsschemas_endpoint_auth_in_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_in_type_2 = HeaderAuthIn.from_dict(data)

                return componentsschemas_endpoint_auth_in_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_endpoint_auth_in_type_3 = OAuth2AuthIn.from_dict(data)

                return componentsschemas_endpoint_auth_in_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BasicAuthIn | BearerAuthIn | HeaderAuthIn | None | OAuth2AuthIn | Unset, data)

        auth = _parse_auth(d.pop("auth", UNSET))

        def _parse_client_certificate(data: object) -> ClientCertificateIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                client_certificate_type_1 = ClientCertificateIn.from_dict(data)

                return client_certificate_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClientCertificateIn | None | Unset, data)

        client_certificate = _parse_client_certificate(d.pop("clientCertificate", UNSET))

        def _parse_filter_(data: object) -> ContentFilter | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                filter_type_1 = ContentFilter.from_dict(data)

                return filter_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContentFilter | None | Unset, data)

        filter_ = _parse_filter_(d.pop("filter", UNSET))

        webhook_patch = cls(
            url=url,
            event_types=event_types,
            disabled=disabled,
            rate_limit=rate_limit,
            headers=headers,
            auth=auth,
            client_certificate=client_certificate,
            filter_=filter_,
        )

        return webhook_patch
