from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClientCertificateIn")


@_attrs_define
class ClientCertificateIn:
    """A client certificate presented on HTTPS attempts (mutual TLS): a PEM chain, the endpoint's certificate first, and
    its PEM private key (PKCS#8, PKCS#1 or SEC1). The key is sealed and never shown again. Refused with 422
    `invalid_client_certificate` when either does not parse, the key is not the certificate's, or the certificate is
    expired or not yet valid.

        Attributes:
            certificate (str): PEM: one or more CERTIFICATE blocks, the endpoint's own first.
            private_key (str): PEM: the first certificate's private key.
    """

    certificate: str
    private_key: str

    def to_dict(self) -> dict[str, Any]:
        certificate = self.certificate

        private_key = self.private_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "certificate": certificate,
                "privateKey": private_key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        certificate = d.pop("certificate")

        private_key = d.pop("privateKey")

        client_certificate_in = cls(
            certificate=certificate,
            private_key=private_key,
        )

        return client_certificate_in
