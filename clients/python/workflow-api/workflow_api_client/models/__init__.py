"""Contains all the data models used in inputs/outputs"""

from .attempt import Attempt
from .attempt_request_headers_type_0 import AttemptRequestHeadersType0
from .basic_auth import BasicAuth
from .basic_auth_in import BasicAuthIn
from .basic_auth_in_type import BasicAuthInType
from .basic_auth_type import BasicAuthType
from .bearer_auth import BearerAuth
from .bearer_auth_in import BearerAuthIn
from .bearer_auth_in_type import BearerAuthInType
from .bearer_auth_type import BearerAuthType
from .client_certificate import ClientCertificate
from .client_certificate_in import ClientCertificateIn
from .console_link import ConsoleLink
from .console_link_in import ConsoleLinkIn
from .content_filter import ContentFilter
from .delivery import Delivery
from .delivery_status import DeliveryStatus
from .delivery_with_attempts import DeliveryWithAttempts
from .delivery_with_attempts_status import DeliveryWithAttemptsStatus
from .endpoint import Endpoint
from .endpoint_created import EndpointCreated
from .endpoint_headers import EndpointHeaders
from .endpoint_in import EndpointIn
from .endpoint_patch import EndpointPatch
from .endpoint_patch_events_item import EndpointPatchEventsItem
from .error import Error
from .get_open_api_response_200 import GetOpenApiResponse200
from .header_auth import HeaderAuth
from .header_auth_in import HeaderAuthIn
from .header_auth_in_type import HeaderAuthInType
from .header_auth_type import HeaderAuthType
from .list_deliveries_event import ListDeliveriesEvent
from .list_deliveries_status import ListDeliveriesStatus
from .listen_reply_in import ListenReplyIn
from .o_auth_2_auth import OAuth2Auth
from .o_auth_2_auth_in import OAuth2AuthIn
from .o_auth_2_auth_in_type import OAuth2AuthInType
from .o_auth_2_auth_type import OAuth2AuthType
from .rate_limit_in import RateLimitIn
from .recovery_dry_run import RecoveryDryRun
from .recovery_in import RecoveryIn
from .recovery_job import RecoveryJob
from .recovery_job_status import RecoveryJobStatus
from .rotated_secret import RotatedSecret
from .run import Run
from .run_in import RunIn
from .run_status import RunStatus
from .settle_in import SettleIn
from .test_sent import TestSent
from .test_sent_event import TestSentEvent
from .token import Token
from .token_in import TokenIn

__all__ = (
    "Attempt",
    "AttemptRequestHeadersType0",
    "BasicAuth",
    "BasicAuthIn",
    "BasicAuthInType",
    "BasicAuthType",
    "BearerAuth",
    "BearerAuthIn",
    "BearerAuthInType",
    "BearerAuthType",
    "ClientCertificate",
    "ClientCertificateIn",
    "ConsoleLink",
    "ConsoleLinkIn",
    "ContentFilter",
    "Delivery",
    "DeliveryStatus",
    "DeliveryWithAttempts",
    "DeliveryWithAttemptsStatus",
    "Endpoint",
    "EndpointCreated",
    "EndpointHeaders",
    "EndpointIn",
    "EndpointPatch",
    "EndpointPatchEventsItem",
    "Error",
    "GetOpenApiResponse200",
    "HeaderAuth",
    "HeaderAuthIn",
    "HeaderAuthInType",
    "HeaderAuthType",
    "ListDeliveriesEvent",
    "ListDeliveriesStatus",
    "ListenReplyIn",
    "OAuth2Auth",
    "OAuth2AuthIn",
    "OAuth2AuthInType",
    "OAuth2AuthType",
    "RateLimitIn",
    "RecoveryDryRun",
    "RecoveryIn",
    "RecoveryJob",
    "RecoveryJobStatus",
    "RotatedSecret",
    "Run",
    "RunIn",
    "RunStatus",
    "SettleIn",
    "TestSent",
    "TestSentEvent",
    "Token",
    "TokenIn",
)
