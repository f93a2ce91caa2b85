from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.attempt_request_headers_type_0 import AttemptRequestHeadersType0


T = TypeVar("T", bound="Attempt")


@_attrs_define
class Attempt:
    """
    Attributes:
        attempt_number (int): 1-based.
        started_at (datetime.datetime): RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        duration_ms (int):
        response_code (int | None):
        error (None | str):
        response_body (None | str): The first 4 KiB of the response body, as text.
        rate_limited_ms (int | None): How long after the delivery was due its endpoint's rate limit held it back, in
            milliseconds; null: not held back.
        via_proxy (bool): The attempt left through the service's egress proxy (OUTBOUND_PROXY; an extension).
        request_headers (AttemptRequestHeadersType0 | None): The headers the attempt sent, names in lower case; the
            endpoint's credential and any header whose name or value looks like a credential read `[redacted]`. null once
            the payload expired (an extension).
    """

    attempt_number: int
    started_at: datetime.datetime
    duration_ms: int
    response_code: int | None
    error: None | str
    response_body: None | str
    rate_limited_ms: int | None
    via_proxy: bool
    request_headers: AttemptRequestHeadersType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.attempt_request_headers_type_0 import AttemptRequestHeadersType0  # noqa: PLC0415

        attempt_number = self.attempt_number

        started_at = self.started_at.isoformat()

        duration_ms = self.duration_ms

        response_code: int | None
        response_code = self.response_code

        error: None | str
        error = self.error

        response_body: None | str
        response_body = self.response_body

        rate_limited_ms: int | None
        rate_limited_ms = self.rate_limited_ms

        via_proxy = self.via_proxy

        request_headers: dict[str, Any] | None
        if isinstance(self.request_headers, AttemptRequestHeadersType0):
            request_headers = self.request_headers.to_dict()
        else:
            request_headers = self.request_headers

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attemptNumber": attempt_number,
                "startedAt": started_at,
                "durationMs": duration_ms,
                "responseCode": response_code,
                "error": error,
                "responseBody": response_body,
                "rateLimitedMs": rate_limited_ms,
                "viaProxy": via_proxy,
                "requestHeaders": request_headers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt_request_headers_type_0 import AttemptRequestHeadersType0  # noqa: PLC0415

        d = dict(src_dict)
        attempt_number = d.pop("attemptNumber")

        started_at = datetime.datetime.fromisoformat(d.pop("startedAt"))

        duration_ms = d.pop("durationMs")

        def _parse_response_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_code = _parse_response_code(d.pop("responseCode"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("responseBody"))

        def _parse_rate_limited_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rate_limited_ms = _parse_rate_limited_ms(d.pop("rateLimitedMs"))

        via_proxy = d.pop("viaProxy")

        def _parse_request_headers(data: object) -> AttemptRequestHeadersType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                request_headers_type_0 = AttemptRequestHeadersType0.from_dict(data)

                return request_headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttemptRequestHeadersType0 | None, data)

        request_headers = _parse_request_headers(d.pop("requestHeaders"))

        attempt = cls(
            attempt_number=attempt_number,
            started_at=started_at,
            duration_ms=duration_ms,
            response_code=response_code,
            error=error,
            response_body=response_body,
            rate_limited_ms=rate_limited_ms,
            via_proxy=via_proxy,
            request_headers=request_headers,
        )

        attempt.additional_properties = d
        return attempt

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
