from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.basic_auth import BasicAuth
    from ..models.bearer_auth import BearerAuth
    from ..models.client_certificate import ClientCertificate
    from ..models.content_filter import ContentFilter
    from ..models.endpoint_headers import EndpointHeaders
    from ..models.header_auth import HeaderAuth
    from ..models.o_auth_2_auth import OAuth2Auth


T = TypeVar("T", bound="EndpointCreated")


@_attrs_define
class EndpointCreated:
    """
    Attributes:
        endpoint_id (UUID):
        url (str):
        events (list[str]):
        signing_secret (str): `whsec_` + 43 base64url characters; shown only here and by rotate-secret.
        created_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        rate_limit (int | Unset): Deliveries per second at most, per worker process; present only when a limit was set.
        headers (EndpointHeaders | Unset): Headers of the receiver's own, sent on every attempt and test delivery (an
            extension): an object of name to value. At most 20, names HTTP tokens given once (ignoring case), values without
            control characters, 4 KB of names and values in all. The service's own headers (`X-Webhook-Signature`,
            `X-Webhook-Id`, `X-Webhook-Timestamp`, `X-Webhook-Probe`), `Content-Type`, `Content-Length`, `Host`, `Transfer-
            Encoding`, `Connection` and `Authorization` (which `auth` sets) are refused with `422 reserved_header`; other
            rules broken are `422 invalid_headers`. Returned as set: put a credential in `auth`, which is sealed.
        auth (BasicAuth | BearerAuth | HeaderAuth | OAuth2Auth | Unset): The endpoint's credential without its secret:
            the type, and `username` (basic), `name` (header) or the OAuth2 client's `tokenUrl`, `clientId`, `scope` and
            `audience`.
        client_certificate (ClientCertificate | Unset): The endpoint's client certificate without its key.
        filter_ (ContentFilter | Unset): A content filter (docs/engine.md "Content filters"): a match object whose keys
            are field names or dotted paths into the delivery body and whose values are a value (equality), an operator
            object (`$eq`, `$neq`, `$in`, `$nin`, `$gt`, `$gte`, `$lt`, `$lte` on numbers and RFC 3339 times, `$exists`,
            `$startsWith`, `$not`) or a nested match object; `$and`, `$or` (arrays of match objects) and `$not` combine. A
            test of an array field holds when it holds for any element. At most 8 levels, 64 tests, 4096 bytes of JSON, 100
            values in a list. Example: {'status': 'failed', 'workflow_id': {'$startsWith': 'billing-'}}.
    """

    endpoint_id: UUID
    url: str
    events: list[str]
    signing_secret: str
    created_at: datetime.datetime
    rate_limit: int | Unset = UNSET
    headers: EndpointHeaders | Unset = UNSET
    auth: BasicAuth | BearerAuth | HeaderAuth | OAuth2Auth | Unset = UNSET
    client_certificate: ClientCertificate | Unset = UNSET
    filter_: ContentFilter | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.basic_auth import BasicAuth  # noqa: PLC0415
        from ..models.bearer_auth import BearerAuth  # noqa: PLC0415
        from ..models.header_auth import HeaderAuth  # noqa: PLC0415

        endpoint_id = str(self.endpoint_id)

        url = self.url

        events = self.events

        signing_secret = self.signing_secret

        created_at = self.created_at.isoformat()

        rate_limit = self.rate_limit

        headers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.headers, Unset):
            headers = self.headers.to_dict()

        auth: dict[str, Any] | Unset
        if isinstance(self.auth, Unset):
            auth = UNSET
        elif isinstance(self.auth, BearerAuth):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, BasicAuth):
            auth = self.auth.to_dict()
        elif isinstance(self.auth, HeaderAuth):
            auth = self.auth.to_dict()
        else:
            auth = self.auth.to_dict()

        client_certificate: dict[str, Any] | Unset = UNSET
        if not isinstance(self.client_certificate, Unset):
            client_certificate = self.client_certificate.to_dict()

        filter_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.filter_, Unset):
            filter_ = self.filter_.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "endpointId": endpoint_id,
                "url": url,
                "events": events,
                "signingSecret": signing_secret,
                "createdAt": created_at,
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

        signing_secret = d.pop("signingSecret")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        rate_limit = d.pop("rateLimit", UNSET)

        _headers = d.pop("headers", UNSET)
        headers: EndpointHeaders | Unset
        if isinstance(_headers, Unset):
            headers = UNSET
        else:
            headers = EndpointHeaders.from_dict(_headers)

        def _parse_auth(data: object) -> BasicAuth | BearerAuth | HeaderAuth | OAuth2Auth | Unset:
            if isinstance(data, Unset):
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
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_endpoint_auth_type_3 = OAuth2Auth.from_dict(data)

            return componentsschemas_endpoint_auth_type_3

        auth = _parse_auth(d.pop("auth", UNSET))

        _client_certificate = d.pop("clientCertificate", UNSET)
        client_certificate: ClientCertificate | Unset
        if isinstance(_client_certificate, Unset):
            client_certificate = UNSET
        else:
            client_certificate = ClientCertificate.from_dict(_client_certificate)

        _filter_ = d.pop("filter", UNSET)
        filter_: ContentFilter | Unset
        if isinstance(_filter_, Unset):
            filter_ = UNSET
        else:
            filter_ = ContentFilter.from_dict(_filter_)

        endpoint_created = cls(
            endpoint_id=endpoint_id,
            url=url,
            events=events,
            signing_secret=signing_secret,
            created_at=created_at,
            rate_limit=rate_limit,
            headers=headers,
            auth=auth,
            client_certificate=client_certificate,
            filter_=filter_,
        )

        endpoint_created.additional_properties = d
        return endpoint_created

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
