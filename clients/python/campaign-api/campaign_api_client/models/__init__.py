"""Contains all the data models used in inputs/outputs"""

from .api_key import ApiKey
from .api_key_created import ApiKeyCreated
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
from .campaign import Campaign
from .campaign_in import CampaignIn
from .campaign_patch import CampaignPatch
from .campaign_status import CampaignStatus
from .client_certificate import ClientCertificate
from .client_certificate_in import ClientCertificateIn
from .console_link import ConsoleLink
from .console_link_in import ConsoleLinkIn
from .content_filter import ContentFilter
from .delivery import Delivery
from .delivery_status import DeliveryStatus
from .delivery_with_attempts import DeliveryWithAttempts
from .delivery_with_attempts_status import DeliveryWithAttemptsStatus
from .endpoint_headers import EndpointHeaders
from .error import Error
from .event_in import EventIn
from .event_type import EventType
from .event_type_example_payload import EventTypeExamplePayload
from .event_type_schema import EventTypeSchema
from .get_open_api_response_200 import GetOpenApiResponse200
from .header_auth import HeaderAuth
from .header_auth_in import HeaderAuthIn
from .header_auth_in_type import HeaderAuthInType
from .header_auth_type import HeaderAuthType
from .list_deliveries_status import ListDeliveriesStatus
from .listen_reply_in import ListenReplyIn
from .o_auth_2_auth import OAuth2Auth
from .o_auth_2_auth_in import OAuth2AuthIn
from .o_auth_2_auth_in_type import OAuth2AuthInType
from .o_auth_2_auth_type import OAuth2AuthType
from .published import Published
from .recovery_dry_run import RecoveryDryRun
from .recovery_in import RecoveryIn
from .recovery_job import RecoveryJob
from .recovery_job_status import RecoveryJobStatus
from .rotated_secret import RotatedSecret
from .webhook import Webhook
from .webhook_created import WebhookCreated
from .webhook_in import WebhookIn
from .webhook_patch import WebhookPatch
from .workspace import Workspace
from .workspace_created import WorkspaceCreated
from .workspace_in import WorkspaceIn

__all__ = (
    "ApiKey",
    "ApiKeyCreated",
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
    "Campaign",
    "CampaignIn",
    "CampaignPatch",
    "CampaignStatus",
    "ClientCertificate",
    "ClientCertificateIn",
    "ConsoleLink",
    "ConsoleLinkIn",
    "ContentFilter",
    "Delivery",
    "DeliveryStatus",
    "DeliveryWithAttempts",
    "DeliveryWithAttemptsStatus",
    "EndpointHeaders",
    "Error",
    "EventIn",
    "EventType",
    "EventTypeExamplePayload",
    "EventTypeSchema",
    "GetOpenApiResponse200",
    "HeaderAuth",
    "HeaderAuthIn",
    "HeaderAuthInType",
    "HeaderAuthType",
    "ListDeliveriesStatus",
    "ListenReplyIn",
    "OAuth2Auth",
    "OAuth2AuthIn",
    "OAuth2AuthInType",
    "OAuth2AuthType",
    "Published",
    "RecoveryDryRun",
    "RecoveryIn",
    "RecoveryJob",
    "RecoveryJobStatus",
    "RotatedSecret",
    "Webhook",
    "WebhookCreated",
    "WebhookIn",
    "WebhookPatch",
    "Workspace",
    "WorkspaceCreated",
    "WorkspaceIn",
)
