from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ListenReplyIn")


@_attrs_define
class ListenReplyIn:
    """
    Attributes:
        delivery_id (UUID): The `deliveryId` of the `delivery` event.
        reply_token (str): The `replyToken` of the `delivery` event: names the attempt.
        status (int | None | Unset): The local target's HTTP status; null when it gave none.
        error (None | str | Unset): Why there is no usable answer (connection refused, timed out, redirect not
            followed). A reply needs a status or an error.
        body (str | Unset): The first bytes of the local answer (4 KiB are kept).
        duration_ms (int | Unset): How long the local target took.
        timed_out (bool | Unset):
    """

    delivery_id: UUID
    reply_token: str
    status: int | None | Unset = UNSET
    error: None | str | Unset = UNSET
    body: str | Unset = UNSET
    duration_ms: int | Unset = UNSET
    timed_out: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        delivery_id = str(self.delivery_id)

        reply_token = self.reply_token

        status: int | None | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        body = self.body

        duration_ms = self.duration_ms

        timed_out = self.timed_out

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deliveryId": delivery_id,
                "replyToken": reply_token,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status
        if error is not UNSET:
            field_dict["error"] = error
        if body is not UNSET:
            field_dict["body"] = body
        if duration_ms is not UNSET:
            field_dict["durationMs"] = duration_ms
        if timed_out is not UNSET:
            field_dict["timedOut"] = timed_out

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delivery_id = UUID(d.pop("deliveryId"))

        reply_token = d.pop("replyToken")

        def _parse_status(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        body = d.pop("body", UNSET)

        duration_ms = d.pop("durationMs", UNSET)

        timed_out = d.pop("timedOut", UNSET)

        listen_reply_in = cls(
            delivery_id=delivery_id,
            reply_token=reply_token,
            status=status,
            error=error,
            body=body,
            duration_ms=duration_ms,
            timed_out=timed_out,
        )

        return listen_reply_in
