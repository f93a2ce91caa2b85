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


T = TypeVar("T", bound="EndpointIn")


@_attrs_define
class EndpointIn:
    """Unknown fields are refused: `422 unknown_field`, naming the field meant.

    Attributes:
        url (str): Absolute http(s) URL with a host, no credentials, at most 2048 characters; non-public IP literals and
            `localhost` are refused unless `OUTBOUND_ALLOW_CIDRS` allows them.
        events (list[str]): At least one of `run.completed`, `run.failed`; duplicates are removed.
        rate_limit (int | None | Unset): Deliveries per second at most, a whole number from 1 to 10000 (an extension).
            Absent or null: no limit. Any other value is `422 invalid_rate_limit` (a non-number is `422 invalid_body`). The
            limit paces each worker process on its own: with W workers an endpoint may receive up to W times it. See
            docs/engine.md. Change it later with `PUT /webhooks/{endpointId}/rate-limit`.
        headers (EndpointHeaders | None | Unset): Absent or null: none.
        auth (BasicAuthIn | BearerAuthIn | HeaderAuthIn | None | OAuth2AuthIn | Unset): Absent or null: none.
        client_certificate (ClientCertificateIn | None | Unset): An extension. Absent or null: none.
        filter_ (ContentFilter | None | Unset): Only events whose body matches it are delivered. Absent or null: every
            event of its types.
    """

    url: str
    events: list[str]
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

        url = self.url

        events = self.events

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

        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
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
        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

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

        endpoint_in = cls(
            url=url,
            events=events,
            rate_limit=rate_limit,
            headers=headers,
            auth=auth,
            client_certificate=client_certificate,
            filter_=filter_,
        )

        return endpoint_in
