#[allow(unused_imports)]
pub use progenitor_client::{ByteStream, ClientInfo, Error, ResponseValue};
#[allow(unused_imports)]
use progenitor_client::{ClientHooks, OperationInfo, RequestBuilderExt, encode_path};
/// Types used as operation parameters and responses.
#[allow(clippy::all)]
pub mod types {
    ///An API key's record: never the key.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct ApiKey {
        #[serde(rename = "apiKeyId")]
        pub api_key_id: ::uuid::Uuid,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///When it was revoked; null while live.
        #[serde(rename = "revokedAt", deserialize_with = "::std::option::Option::deserialize")]
        pub revoked_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    }

    impl ApiKey {
        pub fn builder() -> builder::ApiKey {
            Default::default()
        }
    }

    ///`ApiKeyCreated`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct ApiKeyCreated {
        ///The new key (`ck_…`), shown only here; stored hashed.
        #[serde(rename = "apiKey")]
        pub api_key: ::std::string::String,
        #[serde(rename = "apiKeyId")]
        pub api_key_id: ::uuid::Uuid,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        #[serde(rename = "workspaceId")]
        pub workspace_id: ::uuid::Uuid,
    }

    impl ApiKeyCreated {
        pub fn builder() -> builder::ApiKeyCreated {
            Default::default()
        }
    }

    ///`Attempt`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Attempt {
        #[serde(rename = "attemptNumber")]
        pub attempt_number: i64,
        #[serde(rename = "durationMs")]
        pub duration_ms: i64,
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub error: ::std::option::Option<::std::string::String>,
        ///How long after the delivery was due its endpoint's rate limit held
        /// it back, in milliseconds; null: not held back.
        #[serde(rename = "rateLimitedMs", deserialize_with = "::std::option::Option::deserialize")]
        pub rate_limited_ms: ::std::option::Option<u64>,
        ///The headers the attempt sent, names in lower case; the endpoint's
        /// credential and any header whose name or value looks like a
        /// credential read `[redacted]`. null once the payload expired (an
        /// extension).
        #[serde(rename = "requestHeaders", deserialize_with = "::std::option::Option::deserialize")]
        pub request_headers:
            ::std::option::Option<::std::collections::HashMap<::std::string::String, ::std::string::String>>,
        ///The first 4 KiB of the response body as text (invalid UTF-8
        /// replaced).
        #[serde(rename = "responseBody", deserialize_with = "::std::option::Option::deserialize")]
        pub response_body: ::std::option::Option<::std::string::String>,
        #[serde(rename = "responseCode", deserialize_with = "::std::option::Option::deserialize")]
        pub response_code: ::std::option::Option<i64>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "startedAt")]
        pub started_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///The attempt left through the service's egress proxy (OUTBOUND_PROXY;
        /// an extension).
        #[serde(rename = "viaProxy")]
        pub via_proxy: bool,
    }

    impl Attempt {
        pub fn builder() -> builder::Attempt {
            Default::default()
        }
    }

    ///`BasicAuth`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct BasicAuth {
        #[serde(rename = "type")]
        pub type_: BasicAuthType,
        pub username: ::std::string::String,
    }

    impl BasicAuth {
        pub fn builder() -> builder::BasicAuth {
            Default::default()
        }
    }

    ///`BasicAuthIn`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct BasicAuthIn {
        pub password: BasicAuthInPassword,
        #[serde(rename = "type")]
        pub type_: BasicAuthInType,
        pub username: BasicAuthInUsername,
    }

    impl BasicAuthIn {
        pub fn builder() -> builder::BasicAuthIn {
            Default::default()
        }
    }

    ///`BasicAuthInPassword`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct BasicAuthInPassword(::std::string::String);
    impl ::std::ops::Deref for BasicAuthInPassword {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<BasicAuthInPassword> for ::std::string::String {
        fn from(value: BasicAuthInPassword) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for BasicAuthInPassword {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for BasicAuthInPassword {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for BasicAuthInPassword {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for BasicAuthInPassword {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`BasicAuthInType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum BasicAuthInType {
        #[serde(rename = "basic")]
        Basic,
    }

    impl ::std::fmt::Display for BasicAuthInType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Basic => f.write_str("basic"),
            }
        }
    }

    impl ::std::str::FromStr for BasicAuthInType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "basic" => Ok(Self::Basic),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for BasicAuthInType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for BasicAuthInType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`BasicAuthInUsername`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct BasicAuthInUsername(::std::string::String);
    impl ::std::ops::Deref for BasicAuthInUsername {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<BasicAuthInUsername> for ::std::string::String {
        fn from(value: BasicAuthInUsername) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for BasicAuthInUsername {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for BasicAuthInUsername {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for BasicAuthInUsername {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for BasicAuthInUsername {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`BasicAuthType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum BasicAuthType {
        #[serde(rename = "basic")]
        Basic,
    }

    impl ::std::fmt::Display for BasicAuthType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Basic => f.write_str("basic"),
            }
        }
    }

    impl ::std::str::FromStr for BasicAuthType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "basic" => Ok(Self::Basic),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for BasicAuthType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for BasicAuthType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`BearerAuth`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct BearerAuth {
        #[serde(rename = "type")]
        pub type_: BearerAuthType,
    }

    impl BearerAuth {
        pub fn builder() -> builder::BearerAuth {
            Default::default()
        }
    }

    ///`BearerAuthIn`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct BearerAuthIn {
        pub token: BearerAuthInToken,
        #[serde(rename = "type")]
        pub type_: BearerAuthInType,
    }

    impl BearerAuthIn {
        pub fn builder() -> builder::BearerAuthIn {
            Default::default()
        }
    }

    ///`BearerAuthInToken`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct BearerAuthInToken(::std::string::String);
    impl ::std::ops::Deref for BearerAuthInToken {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<BearerAuthInToken> for ::std::string::String {
        fn from(value: BearerAuthInToken) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for BearerAuthInToken {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for BearerAuthInToken {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for BearerAuthInToken {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for BearerAuthInToken {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`BearerAuthInType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum BearerAuthInType {
        #[serde(rename = "bearer")]
        Bearer,
    }

    impl ::std::fmt::Display for BearerAuthInType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Bearer => f.write_str("bearer"),
            }
        }
    }

    impl ::std::str::FromStr for BearerAuthInType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "bearer" => Ok(Self::Bearer),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for BearerAuthInType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for BearerAuthInType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`BearerAuthType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum BearerAuthType {
        #[serde(rename = "bearer")]
        Bearer,
    }

    impl ::std::fmt::Display for BearerAuthType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Bearer => f.write_str("bearer"),
            }
        }
    }

    impl ::std::str::FromStr for BearerAuthType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "bearer" => Ok(Self::Bearer),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for BearerAuthType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for BearerAuthType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`Campaign`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Campaign {
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        pub id: ::uuid::Uuid,
        pub name: ::std::string::String,
        pub status: CampaignStatus,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "updatedAt")]
        pub updated_at: ::chrono::DateTime<::chrono::offset::Utc>,
        #[serde(rename = "workspaceId")]
        pub workspace_id: ::uuid::Uuid,
    }

    impl Campaign {
        pub fn builder() -> builder::Campaign {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct CampaignIn {
        ///1 to 200 characters, not only whitespace.
        pub name: ::std::string::String,
        ///`draft` (the default when absent or null), `active` or `paused`;
        /// anything else is `422 invalid_status`.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub status: ::std::option::Option<::std::string::String>,
    }

    impl CampaignIn {
        pub fn builder() -> builder::CampaignIn {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug, Default)]
    #[serde(deny_unknown_fields)]
    pub struct CampaignPatch {
        ///Absent or null: unchanged. Otherwise 1 to 200 characters, not only
        /// whitespace.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub name: ::std::option::Option<::std::string::String>,
        ///Absent or null: unchanged. One of draft, active, paused, completed,
        /// archived (`422 invalid_status` otherwise); a transition the state
        /// machine forbids is `409 invalid_status_transition`.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub status: ::std::option::Option<::std::string::String>,
    }

    impl CampaignPatch {
        pub fn builder() -> builder::CampaignPatch {
            Default::default()
        }
    }

    ///`CampaignStatus`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum CampaignStatus {
        #[serde(rename = "draft")]
        Draft,
        #[serde(rename = "active")]
        Active,
        #[serde(rename = "paused")]
        Paused,
        #[serde(rename = "completed")]
        Completed,
        #[serde(rename = "archived")]
        Archived,
    }

    impl ::std::fmt::Display for CampaignStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Draft => f.write_str("draft"),
                Self::Active => f.write_str("active"),
                Self::Paused => f.write_str("paused"),
                Self::Completed => f.write_str("completed"),
                Self::Archived => f.write_str("archived"),
            }
        }
    }

    impl ::std::str::FromStr for CampaignStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "draft" => Ok(Self::Draft),
                "active" => Ok(Self::Active),
                "paused" => Ok(Self::Paused),
                "completed" => Ok(Self::Completed),
                "archived" => Ok(Self::Archived),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for CampaignStatus {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for CampaignStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`CancelRecoveryIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct CancelRecoveryIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for CancelRecoveryIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<CancelRecoveryIdempotencyKey> for ::std::string::String {
        fn from(value: CancelRecoveryIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for CancelRecoveryIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for CancelRecoveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for CancelRecoveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for CancelRecoveryIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///The endpoint's client certificate without its key.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct ClientCertificate {
        ///When the certificate expires.
        #[serde(rename = "notAfter")]
        pub not_after: ::chrono::DateTime<::chrono::offset::Utc>,
        ///The certificate's subject, e.g. `CN=hooks-client`.
        pub subject: ::std::string::String,
    }

    impl ClientCertificate {
        pub fn builder() -> builder::ClientCertificate {
            Default::default()
        }
    }

    ///A client certificate presented on HTTPS attempts (mutual TLS): a PEM
    /// chain, the endpoint's certificate first, and its PEM private key
    /// (PKCS#8, PKCS#1 or SEC1). The key is sealed and never shown again.
    /// Refused with 422 `invalid_client_certificate` when either does not
    /// parse, the key is not the certificate's, or the certificate is expired
    /// or not yet valid.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct ClientCertificateIn {
        ///PEM: one or more CERTIFICATE blocks, the endpoint's own first.
        pub certificate: ::std::string::String,
        ///PEM: the first certificate's private key.
        #[serde(rename = "privateKey")]
        pub private_key: ::std::string::String,
    }

    impl ClientCertificateIn {
        pub fn builder() -> builder::ClientCertificateIn {
            Default::default()
        }
    }

    ///`ConsoleLink`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct ConsoleLink {
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "expiresAt")]
        pub expires_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///The single-use sign-in link: opening it shows a page with one
        /// button, which signs in and opens `page`.
        pub url: ::std::string::String,
    }

    impl ConsoleLink {
        pub fn builder() -> builder::ConsoleLink {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct ConsoleLinkIn {
        ///The console page the link opens once used: `/console` (the default)
        /// or a path below it (`/console/deliveries`); anything else is `422
        /// invalid_body`.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub page: ::std::option::Option<::std::string::String>,
        #[serde(rename = "workspaceId")]
        pub workspace_id: ::uuid::Uuid,
    }

    impl ConsoleLinkIn {
        pub fn builder() -> builder::ConsoleLinkIn {
            Default::default()
        }
    }

    ///A content filter (docs/engine.md "Content filters"): a match object
    /// whose keys are field names or dotted paths into the delivery body and
    /// whose values are a value (equality), an operator object (`$eq`, `$neq`,
    /// `$in`, `$nin`, `$gt`, `$gte`, `$lt`, `$lte` on numbers and RFC 3339
    /// times, `$exists`, `$startsWith`, `$not`) or a nested match object;
    /// `$and`, `$or` (arrays of match objects) and `$not` combine. A test of an
    /// array field holds when it holds for any element. At most 8 levels, 64
    /// tests, 4096 bytes of JSON, 100 values in a list.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(transparent)]
    pub struct ContentFilter(pub ::serde_json::Map<::std::string::String, ::serde_json::Value>);
    impl ::std::ops::Deref for ContentFilter {
        type Target = ::serde_json::Map<::std::string::String, ::serde_json::Value>;
        fn deref(&self) -> &::serde_json::Map<::std::string::String, ::serde_json::Value> {
            &self.0
        }
    }

    impl ::std::convert::From<ContentFilter> for ::serde_json::Map<::std::string::String, ::serde_json::Value> {
        fn from(value: ContentFilter) -> Self {
            value.0
        }
    }

    impl ::std::convert::From<::serde_json::Map<::std::string::String, ::serde_json::Value>> for ContentFilter {
        fn from(value: ::serde_json::Map<::std::string::String, ::serde_json::Value>) -> Self {
            Self(value)
        }
    }

    ///`CreateCampaignIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct CreateCampaignIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for CreateCampaignIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<CreateCampaignIdempotencyKey> for ::std::string::String {
        fn from(value: CreateCampaignIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for CreateCampaignIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for CreateCampaignIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for CreateCampaignIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for CreateCampaignIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`CreateWebhookIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct CreateWebhookIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for CreateWebhookIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<CreateWebhookIdempotencyKey> for ::std::string::String {
        fn from(value: CreateWebhookIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for CreateWebhookIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for CreateWebhookIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for CreateWebhookIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for CreateWebhookIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`Delivery`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Delivery {
        #[serde(rename = "attemptCount")]
        pub attempt_count: i64,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "deliveredAt", deserialize_with = "::std::option::Option::deserialize")]
        pub delivered_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        #[serde(rename = "eventId")]
        pub event_id: ::uuid::Uuid,
        #[serde(rename = "eventType")]
        pub event_type: ::std::string::String,
        pub id: ::uuid::Uuid,
        #[serde(rename = "lastError", deserialize_with = "::std::option::Option::deserialize")]
        pub last_error: ::std::option::Option<::std::string::String>,
        #[serde(rename = "lastResponseCode", deserialize_with = "::std::option::Option::deserialize")]
        pub last_response_code: ::std::option::Option<i64>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "nextAttemptAt", deserialize_with = "::std::option::Option::deserialize")]
        pub next_attempt_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        ///True once retention erased the delivery's payload
        /// (PAYLOAD_RETENTION): the entry stays in the log, but it can no
        /// longer be re-sent (409 payload_expired).
        #[serde(rename = "payloadExpired")]
        pub payload_expired: bool,
        pub status: DeliveryStatus,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "updatedAt")]
        pub updated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    }

    impl Delivery {
        pub fn builder() -> builder::Delivery {
            Default::default()
        }
    }

    ///`DeliveryStatus`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum DeliveryStatus {
        #[serde(rename = "pending")]
        Pending,
        #[serde(rename = "retrying")]
        Retrying,
        #[serde(rename = "delivered")]
        Delivered,
        #[serde(rename = "dead")]
        Dead,
    }

    impl ::std::fmt::Display for DeliveryStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Pending => f.write_str("pending"),
                Self::Retrying => f.write_str("retrying"),
                Self::Delivered => f.write_str("delivered"),
                Self::Dead => f.write_str("dead"),
            }
        }
    }

    impl ::std::str::FromStr for DeliveryStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "pending" => Ok(Self::Pending),
                "retrying" => Ok(Self::Retrying),
                "delivered" => Ok(Self::Delivered),
                "dead" => Ok(Self::Dead),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for DeliveryStatus {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for DeliveryStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`DeliveryWithAttempts`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct DeliveryWithAttempts {
        #[serde(rename = "attemptCount")]
        pub attempt_count: i64,
        pub attempts: ::std::vec::Vec<Attempt>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "deliveredAt", deserialize_with = "::std::option::Option::deserialize")]
        pub delivered_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        #[serde(rename = "eventId")]
        pub event_id: ::uuid::Uuid,
        #[serde(rename = "eventType")]
        pub event_type: ::std::string::String,
        pub id: ::uuid::Uuid,
        #[serde(rename = "lastError", deserialize_with = "::std::option::Option::deserialize")]
        pub last_error: ::std::option::Option<::std::string::String>,
        #[serde(rename = "lastResponseCode", deserialize_with = "::std::option::Option::deserialize")]
        pub last_response_code: ::std::option::Option<i64>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "nextAttemptAt", deserialize_with = "::std::option::Option::deserialize")]
        pub next_attempt_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        ///True once retention erased the delivery's payload
        /// (PAYLOAD_RETENTION): the entry stays in the log, but it can no
        /// longer be re-sent (409 payload_expired).
        #[serde(rename = "payloadExpired")]
        pub payload_expired: bool,
        pub status: DeliveryWithAttemptsStatus,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "updatedAt")]
        pub updated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    }

    impl DeliveryWithAttempts {
        pub fn builder() -> builder::DeliveryWithAttempts {
            Default::default()
        }
    }

    ///`DeliveryWithAttemptsStatus`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum DeliveryWithAttemptsStatus {
        #[serde(rename = "pending")]
        Pending,
        #[serde(rename = "retrying")]
        Retrying,
        #[serde(rename = "delivered")]
        Delivered,
        #[serde(rename = "dead")]
        Dead,
    }

    impl ::std::fmt::Display for DeliveryWithAttemptsStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Pending => f.write_str("pending"),
                Self::Retrying => f.write_str("retrying"),
                Self::Delivered => f.write_str("delivered"),
                Self::Dead => f.write_str("dead"),
            }
        }
    }

    impl ::std::str::FromStr for DeliveryWithAttemptsStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "pending" => Ok(Self::Pending),
                "retrying" => Ok(Self::Retrying),
                "delivered" => Ok(Self::Delivered),
                "dead" => Ok(Self::Dead),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for DeliveryWithAttemptsStatus {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for DeliveryWithAttemptsStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///The endpoint's credential without its secret: the type, and `username`
    /// (basic), `name` (header) or the OAuth2 client's `tokenUrl`, `clientId`,
    /// `scope` and `audience`.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(untagged)]
    pub enum EndpointAuth {
        BearerAuth(BearerAuth),
        BasicAuth(BasicAuth),
        HeaderAuth(HeaderAuth),
        OAuth2Auth(OAuth2Auth),
    }

    impl ::std::convert::From<BearerAuth> for EndpointAuth {
        fn from(value: BearerAuth) -> Self {
            Self::BearerAuth(value)
        }
    }

    impl ::std::convert::From<BasicAuth> for EndpointAuth {
        fn from(value: BasicAuth) -> Self {
            Self::BasicAuth(value)
        }
    }

    impl ::std::convert::From<HeaderAuth> for EndpointAuth {
        fn from(value: HeaderAuth) -> Self {
            Self::HeaderAuth(value)
        }
    }

    impl ::std::convert::From<OAuth2Auth> for EndpointAuth {
        fn from(value: OAuth2Auth) -> Self {
            Self::OAuth2Auth(value)
        }
    }

    ///A credential sent on every attempt (an extension): `bearer` sends
    /// `Authorization: Bearer <token>`; `basic` sends `Authorization: Basic`
    /// (RFC 7617; the username without a colon); `header` sends one header of
    /// the receiver's choosing (`X-Api-Key`, or `Authorization` with a scheme
    /// of its own). `oauth2` fetches a token with the OAuth 2.0
    /// client-credentials grant (RFC 6749 §4.4; the client authenticated with
    /// HTTP Basic) and sends it as `Authorization: Bearer`: one token request
    /// per token lifetime per process, fetched again once when the receiver
    /// answers 401. The secret fields (`token`, `password`, `value`,
    /// `clientSecret`) are sealed and never returned. Broken rules are `422
    /// invalid_auth`, or `422 reserved_header` for a `header` the service sets.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(untagged)]
    pub enum EndpointAuthIn {
        BearerAuthIn(BearerAuthIn),
        BasicAuthIn(BasicAuthIn),
        HeaderAuthIn(HeaderAuthIn),
        OAuth2AuthIn(OAuth2AuthIn),
    }

    impl ::std::convert::From<BearerAuthIn> for EndpointAuthIn {
        fn from(value: BearerAuthIn) -> Self {
            Self::BearerAuthIn(value)
        }
    }

    impl ::std::convert::From<BasicAuthIn> for EndpointAuthIn {
        fn from(value: BasicAuthIn) -> Self {
            Self::BasicAuthIn(value)
        }
    }

    impl ::std::convert::From<HeaderAuthIn> for EndpointAuthIn {
        fn from(value: HeaderAuthIn) -> Self {
            Self::HeaderAuthIn(value)
        }
    }

    impl ::std::convert::From<OAuth2AuthIn> for EndpointAuthIn {
        fn from(value: OAuth2AuthIn) -> Self {
            Self::OAuth2AuthIn(value)
        }
    }

    ///Headers of the receiver's own, sent on every attempt and test delivery
    /// (an extension): an object of name to value. At most 20, names HTTP
    /// tokens given once (ignoring case), values without control characters, 4
    /// KB of names and values in all. The service's own headers
    /// (`X-Service-Signature` and the other `X-Service-*` headers),
    /// `Content-Type`, `Content-Length`, `Host`, `Transfer-Encoding`,
    /// `Connection` and `Authorization` (which `auth` sets) are refused with
    /// `422 reserved_header`; other rules broken are `422 invalid_headers`.
    /// Returned as set: put a credential in `auth`, which is sealed.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(transparent)]
    pub struct EndpointHeaders(pub ::std::collections::HashMap<::std::string::String, ::std::string::String>);
    impl ::std::ops::Deref for EndpointHeaders {
        type Target = ::std::collections::HashMap<::std::string::String, ::std::string::String>;
        fn deref(&self) -> &::std::collections::HashMap<::std::string::String, ::std::string::String> {
            &self.0
        }
    }

    impl ::std::convert::From<EndpointHeaders>
        for ::std::collections::HashMap<::std::string::String, ::std::string::String>
    {
        fn from(value: EndpointHeaders) -> Self {
            value.0
        }
    }

    impl ::std::convert::From<::std::collections::HashMap<::std::string::String, ::std::string::String>>
        for EndpointHeaders
    {
        fn from(value: ::std::collections::HashMap<::std::string::String, ::std::string::String>) -> Self {
            Self(value)
        }
    }

    ///Every error body. `code` is stable snake_case; `detail` is for people;
    /// the other fields appear with the codes they name. Clients ignore fields
    /// they do not know.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Error {
        ///With `recovery_already_active`: the active job's id.
        #[serde(rename = "activeRecoveryId", skip_serializing_if = "::std::option::Option::is_none")]
        pub active_recovery_id: ::std::option::Option<::uuid::Uuid>,
        ///Stable snake_case code; branch on it. Each response lists the codes
        /// it can carry in `x-error-codes`; new codes may be added.
        pub code: ::std::string::String,
        ///Human-readable; may change.
        pub detail: ::std::string::String,
        ///With `unknown_filter_field`: the filter's path that was refused;
        /// with `invalid_payload`: the JSON pointer of the failing value in the
        /// request body (`/payload/name`).
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub field: ::std::option::Option<::std::string::String>,
        ///With `invalid_filter`: a JSON pointer (RFC 6901) to the offending
        /// part of the body (`/filter/...`).
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub pointer: ::std::option::Option<::std::string::String>,
    }

    impl Error {
        pub fn builder() -> builder::Error {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct EventIn {
        ///A UUID (`422 invalid_entity_id` otherwise).
        #[serde(rename = "entityId")]
        pub entity_id: ::uuid::Uuid,
        ///The type's first segment (`line_item` for `line_item.created.v1`).
        #[serde(rename = "entityType")]
        pub entity_type: ::std::string::String,
        ///Any JSON value is parsed; it must be an object valid under the
        /// type's schema (`GET /api/v1/event-types/{name}`): its required
        /// fields, of their JSON types (`422 invalid_payload` otherwise, naming
        /// the field).
        pub payload: ::serde_json::Value,
        ///A publishable catalog type (docs/events.md); `campaign.*` types are
        /// emitted by the service only.
        #[serde(rename = "type")]
        pub type_: ::std::string::String,
    }

    impl EventIn {
        pub fn builder() -> builder::EventIn {
            Default::default()
        }
    }

    ///A catalog event type (docs/events.md). Types are append-only and a
    /// type's schema never changes.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct EventType {
        ///The envelope's `entityType`: the name's first segment.
        #[serde(rename = "entityType")]
        pub entity_type: ::std::string::String,
        ///A payload valid under `schema`.
        #[serde(rename = "examplePayload")]
        pub example_payload: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
        ///The type with its version suffix, as in `X-Service-Event` and
        /// `eventTypes`.
        pub name: ::std::string::String,
        ///Whether `POST /api/v1/events` takes the type; `false` for the
        /// `campaign.*` types, which only the campaign routes emit.
        pub publishable: bool,
        ///The JSON Schema (draft 2020-12) of the envelope's `payload`: an
        /// object with the required fields and their JSON types; other fields
        /// are allowed. `POST /api/v1/events` refuses a payload it does not
        /// accept.
        pub schema: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
        ///The number of the name's version suffix.
        pub version: ::std::num::NonZeroU64,
    }

    impl EventType {
        pub fn builder() -> builder::EventType {
            Default::default()
        }
    }

    ///`HeaderAuth`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct HeaderAuth {
        pub name: ::std::string::String,
        #[serde(rename = "type")]
        pub type_: HeaderAuthType,
    }

    impl HeaderAuth {
        pub fn builder() -> builder::HeaderAuth {
            Default::default()
        }
    }

    ///`HeaderAuthIn`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct HeaderAuthIn {
        pub name: HeaderAuthInName,
        #[serde(rename = "type")]
        pub type_: HeaderAuthInType,
        pub value: HeaderAuthInValue,
    }

    impl HeaderAuthIn {
        pub fn builder() -> builder::HeaderAuthIn {
            Default::default()
        }
    }

    ///`HeaderAuthInName`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct HeaderAuthInName(::std::string::String);
    impl ::std::ops::Deref for HeaderAuthInName {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<HeaderAuthInName> for ::std::string::String {
        fn from(value: HeaderAuthInName) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for HeaderAuthInName {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for HeaderAuthInName {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for HeaderAuthInName {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for HeaderAuthInName {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`HeaderAuthInType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum HeaderAuthInType {
        #[serde(rename = "header")]
        Header,
    }

    impl ::std::fmt::Display for HeaderAuthInType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Header => f.write_str("header"),
            }
        }
    }

    impl ::std::str::FromStr for HeaderAuthInType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "header" => Ok(Self::Header),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for HeaderAuthInType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for HeaderAuthInType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`HeaderAuthInValue`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct HeaderAuthInValue(::std::string::String);
    impl ::std::ops::Deref for HeaderAuthInValue {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<HeaderAuthInValue> for ::std::string::String {
        fn from(value: HeaderAuthInValue) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for HeaderAuthInValue {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for HeaderAuthInValue {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for HeaderAuthInValue {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for HeaderAuthInValue {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`HeaderAuthType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum HeaderAuthType {
        #[serde(rename = "header")]
        Header,
    }

    impl ::std::fmt::Display for HeaderAuthType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Header => f.write_str("header"),
            }
        }
    }

    impl ::std::str::FromStr for HeaderAuthType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "header" => Ok(Self::Header),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for HeaderAuthType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for HeaderAuthType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`ListCampaignsAfter`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct ListCampaignsAfter(::std::string::String);
    impl ::std::ops::Deref for ListCampaignsAfter {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<ListCampaignsAfter> for ::std::string::String {
        fn from(value: ListCampaignsAfter) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for ListCampaignsAfter {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[0-9]{1,16}\\.[0-9a-f]{32}$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[0-9]{1,16}\\.[0-9a-f]{32}$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for ListCampaignsAfter {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ListCampaignsAfter {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for ListCampaignsAfter {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`ListDeliveriesAfter`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct ListDeliveriesAfter(::std::string::String);
    impl ::std::ops::Deref for ListDeliveriesAfter {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<ListDeliveriesAfter> for ::std::string::String {
        fn from(value: ListDeliveriesAfter) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for ListDeliveriesAfter {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[0-9]{1,16}\\.[0-9a-f]{32}$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[0-9]{1,16}\\.[0-9a-f]{32}$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for ListDeliveriesAfter {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ListDeliveriesAfter {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for ListDeliveriesAfter {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`ListDeliveriesStatus`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum ListDeliveriesStatus {
        #[serde(rename = "pending")]
        Pending,
        #[serde(rename = "retrying")]
        Retrying,
        #[serde(rename = "delivered")]
        Delivered,
        #[serde(rename = "dead")]
        Dead,
    }

    impl ::std::fmt::Display for ListDeliveriesStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Pending => f.write_str("pending"),
                Self::Retrying => f.write_str("retrying"),
                Self::Delivered => f.write_str("delivered"),
                Self::Dead => f.write_str("dead"),
            }
        }
    }

    impl ::std::str::FromStr for ListDeliveriesStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "pending" => Ok(Self::Pending),
                "retrying" => Ok(Self::Retrying),
                "delivered" => Ok(Self::Delivered),
                "dead" => Ok(Self::Dead),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for ListDeliveriesStatus {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ListDeliveriesStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`ListWebhooksAfter`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct ListWebhooksAfter(::std::string::String);
    impl ::std::ops::Deref for ListWebhooksAfter {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<ListWebhooksAfter> for ::std::string::String {
        fn from(value: ListWebhooksAfter) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for ListWebhooksAfter {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[0-9]{1,16}\\.[0-9a-f]{32}$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[0-9]{1,16}\\.[0-9a-f]{32}$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for ListWebhooksAfter {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ListWebhooksAfter {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for ListWebhooksAfter {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`ListWorkspacesAfter`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct ListWorkspacesAfter(::std::string::String);
    impl ::std::ops::Deref for ListWorkspacesAfter {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<ListWorkspacesAfter> for ::std::string::String {
        fn from(value: ListWorkspacesAfter) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for ListWorkspacesAfter {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[0-9]{1,16}\\.[0-9a-f]{32}$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[0-9]{1,16}\\.[0-9a-f]{32}$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for ListWorkspacesAfter {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ListWorkspacesAfter {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for ListWorkspacesAfter {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`ListenReplyIn`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct ListenReplyIn {
        ///The first bytes of the local answer (4 KiB are kept).
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub body: ::std::option::Option<::std::string::String>,
        ///The `deliveryId` of the `delivery` event.
        #[serde(rename = "deliveryId")]
        pub delivery_id: ::uuid::Uuid,
        ///How long the local target took.
        #[serde(rename = "durationMs", skip_serializing_if = "::std::option::Option::is_none")]
        pub duration_ms: ::std::option::Option<u64>,
        ///Why there is no usable answer (connection refused, timed out,
        /// redirect not followed). A reply needs a status or an error.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub error: ::std::option::Option<::std::string::String>,
        ///The `replyToken` of the `delivery` event: names the attempt.
        #[serde(rename = "replyToken")]
        pub reply_token: ::std::string::String,
        ///The local target's HTTP status; null when it gave none.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub status: ::std::option::Option<i64>,
        #[serde(rename = "timedOut", skip_serializing_if = "::std::option::Option::is_none")]
        pub timed_out: ::std::option::Option<bool>,
    }

    impl ListenReplyIn {
        pub fn builder() -> builder::ListenReplyIn {
            Default::default()
        }
    }

    ///`OAuth2Auth`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct OAuth2Auth {
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub audience: ::std::option::Option<::std::string::String>,
        #[serde(rename = "clientId")]
        pub client_id: ::std::string::String,
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub scope: ::std::option::Option<::std::string::String>,
        #[serde(rename = "tokenUrl")]
        pub token_url: ::std::string::String,
        #[serde(rename = "type")]
        pub type_: OAuth2AuthType,
    }

    impl OAuth2Auth {
        pub fn builder() -> builder::OAuth2Auth {
            Default::default()
        }
    }

    ///`OAuth2AuthIn`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct OAuth2AuthIn {
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub audience: ::std::option::Option<::std::string::String>,
        #[serde(rename = "clientId")]
        pub client_id: OAuth2AuthInClientId,
        #[serde(rename = "clientSecret")]
        pub client_secret: OAuth2AuthInClientSecret,
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub scope: ::std::option::Option<::std::string::String>,
        ///The token server's URL, under the endpoint URLs' rules (no internal
        /// addresses unless allowed, no redirects, the timeout).
        #[serde(rename = "tokenUrl")]
        pub token_url: OAuth2AuthInTokenUrl,
        #[serde(rename = "type")]
        pub type_: OAuth2AuthInType,
    }

    impl OAuth2AuthIn {
        pub fn builder() -> builder::OAuth2AuthIn {
            Default::default()
        }
    }

    ///`OAuth2AuthInClientId`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct OAuth2AuthInClientId(::std::string::String);
    impl ::std::ops::Deref for OAuth2AuthInClientId {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<OAuth2AuthInClientId> for ::std::string::String {
        fn from(value: OAuth2AuthInClientId) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for OAuth2AuthInClientId {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for OAuth2AuthInClientId {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for OAuth2AuthInClientId {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for OAuth2AuthInClientId {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`OAuth2AuthInClientSecret`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct OAuth2AuthInClientSecret(::std::string::String);
    impl ::std::ops::Deref for OAuth2AuthInClientSecret {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<OAuth2AuthInClientSecret> for ::std::string::String {
        fn from(value: OAuth2AuthInClientSecret) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for OAuth2AuthInClientSecret {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for OAuth2AuthInClientSecret {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for OAuth2AuthInClientSecret {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for OAuth2AuthInClientSecret {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///The token server's URL, under the endpoint URLs' rules (no internal
    /// addresses unless allowed, no redirects, the timeout).
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct OAuth2AuthInTokenUrl(::std::string::String);
    impl ::std::ops::Deref for OAuth2AuthInTokenUrl {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<OAuth2AuthInTokenUrl> for ::std::string::String {
        fn from(value: OAuth2AuthInTokenUrl) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for OAuth2AuthInTokenUrl {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for OAuth2AuthInTokenUrl {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for OAuth2AuthInTokenUrl {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for OAuth2AuthInTokenUrl {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`OAuth2AuthInType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum OAuth2AuthInType {
        #[serde(rename = "oauth2")]
        Oauth2,
    }

    impl ::std::fmt::Display for OAuth2AuthInType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Oauth2 => f.write_str("oauth2"),
            }
        }
    }

    impl ::std::str::FromStr for OAuth2AuthInType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "oauth2" => Ok(Self::Oauth2),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for OAuth2AuthInType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for OAuth2AuthInType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`OAuth2AuthType`
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum OAuth2AuthType {
        #[serde(rename = "oauth2")]
        Oauth2,
    }

    impl ::std::fmt::Display for OAuth2AuthType {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Oauth2 => f.write_str("oauth2"),
            }
        }
    }

    impl ::std::str::FromStr for OAuth2AuthType {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "oauth2" => Ok(Self::Oauth2),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for OAuth2AuthType {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for OAuth2AuthType {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`PublishEventIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct PublishEventIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for PublishEventIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<PublishEventIdempotencyKey> for ::std::string::String {
        fn from(value: PublishEventIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for PublishEventIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for PublishEventIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for PublishEventIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for PublishEventIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`Published`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Published {
        ///The event id.
        pub id: ::uuid::Uuid,
    }

    impl Published {
        pub fn builder() -> builder::Published {
            Default::default()
        }
    }

    ///`RecoveryDryRun`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct RecoveryDryRun {
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        #[serde(rename = "includeDelivered")]
        pub include_delivered: bool,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        pub since: ::chrono::DateTime<::chrono::offset::Utc>,
        ///Deliveries a job over this window would re-send now.
        pub total: u64,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        pub until: ::chrono::DateTime<::chrono::offset::Utc>,
    }

    impl RecoveryDryRun {
        pub fn builder() -> builder::RecoveryDryRun {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct RecoveryIn {
        ///Only count (200); start nothing.
        #[serde(rename = "dryRun", default)]
        pub dry_run: bool,
        ///Re-send the window's delivered deliveries too.
        #[serde(rename = "includeDelivered", default)]
        pub include_delivered: bool,
        ///The window's start, included: RFC 3339 with a time zone. Digits
        /// below the millisecond are dropped.
        pub since: ::chrono::DateTime<::chrono::offset::Utc>,
        ///The window's end, excluded; absent or null: now. Not in the future;
        /// at most 90 days after `since`.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub until: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
    }

    impl RecoveryIn {
        pub fn builder() -> builder::RecoveryIn {
            Default::default()
        }
    }

    ///`RecoveryJob`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct RecoveryJob {
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        ///Why a `failed` job stopped (its endpoint was deleted); null
        /// otherwise.
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub error: ::std::option::Option<::std::string::String>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "finishedAt", deserialize_with = "::std::option::Option::deserialize")]
        pub finished_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        pub id: ::uuid::Uuid,
        #[serde(rename = "includeDelivered")]
        pub include_delivered: bool,
        ///Deliveries of the window the job has gone through (may end above or
        /// below `total` if deliveries changed state meanwhile).
        pub processed: u64,
        ///Of those, how many it sent again (the others were delivered
        /// meanwhile, or had an attempt in flight).
        pub resent: u64,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        pub since: ::chrono::DateTime<::chrono::offset::Utc>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "startedAt", deserialize_with = "::std::option::Option::deserialize")]
        pub started_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        ///`queued` and `running` are active; the others are final. `failed`:
        /// see `error`.
        pub status: RecoveryJobStatus,
        ///Deliveries in the window when the job was created.
        pub total: u64,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        pub until: ::chrono::DateTime<::chrono::offset::Utc>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "updatedAt")]
        pub updated_at: ::chrono::DateTime<::chrono::offset::Utc>,
    }

    impl RecoveryJob {
        pub fn builder() -> builder::RecoveryJob {
            Default::default()
        }
    }

    ///`queued` and `running` are active; the others are final. `failed`: see
    /// `error`.
    #[derive(
        :: serde :: Deserialize,
        :: serde :: Serialize,
        Clone,
        Copy,
        Debug,
        Eq,
        Hash,
        Ord,
        PartialEq,
        PartialOrd,
    )]
    pub enum RecoveryJobStatus {
        #[serde(rename = "queued")]
        Queued,
        #[serde(rename = "running")]
        Running,
        #[serde(rename = "finished")]
        Finished,
        #[serde(rename = "cancelled")]
        Cancelled,
        #[serde(rename = "failed")]
        Failed,
    }

    impl ::std::fmt::Display for RecoveryJobStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Queued => f.write_str("queued"),
                Self::Running => f.write_str("running"),
                Self::Finished => f.write_str("finished"),
                Self::Cancelled => f.write_str("cancelled"),
                Self::Failed => f.write_str("failed"),
            }
        }
    }

    impl ::std::str::FromStr for RecoveryJobStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "queued" => Ok(Self::Queued),
                "running" => Ok(Self::Running),
                "finished" => Ok(Self::Finished),
                "cancelled" => Ok(Self::Cancelled),
                "failed" => Ok(Self::Failed),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for RecoveryJobStatus {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for RecoveryJobStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///What `POST …/recoveries` answers: a job (202) or, for `dryRun: true`,
    /// the count a job would re-send (200). A job has an `id`; a dry run does
    /// not.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(untagged)]
    pub enum RecoveryStarted {
        Job(RecoveryJob),
        DryRun(RecoveryDryRun),
    }

    impl ::std::convert::From<RecoveryJob> for RecoveryStarted {
        fn from(value: RecoveryJob) -> Self {
            Self::Job(value)
        }
    }

    impl ::std::convert::From<RecoveryDryRun> for RecoveryStarted {
        fn from(value: RecoveryDryRun) -> Self {
            Self::DryRun(value)
        }
    }

    ///`ReplayDeliveryIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct ReplayDeliveryIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for ReplayDeliveryIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<ReplayDeliveryIdempotencyKey> for ::std::string::String {
        fn from(value: ReplayDeliveryIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for ReplayDeliveryIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for ReplayDeliveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ReplayDeliveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for ReplayDeliveryIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`ReplyToListenDeliveryIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct ReplyToListenDeliveryIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for ReplyToListenDeliveryIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<ReplyToListenDeliveryIdempotencyKey> for ::std::string::String {
        fn from(value: ReplyToListenDeliveryIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for ReplyToListenDeliveryIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for ReplyToListenDeliveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ReplyToListenDeliveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for ReplyToListenDeliveryIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`RotateWebhookSecretIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct RotateWebhookSecretIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for RotateWebhookSecretIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<RotateWebhookSecretIdempotencyKey> for ::std::string::String {
        fn from(value: RotateWebhookSecretIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for RotateWebhookSecretIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for RotateWebhookSecretIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for RotateWebhookSecretIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for RotateWebhookSecretIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`RotatedSecret`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct RotatedSecret {
        pub id: ::uuid::Uuid,
        ///`whsec_…`; the HMAC key is this whole string.
        pub secret: ::std::string::String,
    }

    impl RotatedSecret {
        pub fn builder() -> builder::RotatedSecret {
            Default::default()
        }
    }

    ///`StartRecoveryIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct StartRecoveryIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for StartRecoveryIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<StartRecoveryIdempotencyKey> for ::std::string::String {
        fn from(value: StartRecoveryIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for StartRecoveryIdempotencyKey {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 255usize {
                return Err("longer than 255 characters".into());
            }
            if value.chars().count() < 1usize {
                return Err("shorter than 1 characters".into());
            }
            static PATTERN: ::std::sync::LazyLock<::regress::Regex> =
                ::std::sync::LazyLock::new(|| ::regress::Regex::new("^[!-~]+$").unwrap());
            if PATTERN.find(value).is_none() {
                return Err("doesn't match pattern \"^[!-~]+$\"".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for StartRecoveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for StartRecoveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for StartRecoveryIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`Webhook`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Webhook {
        ///`null`: none.
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub auth: ::std::option::Option<EndpointAuth>,
        ///`null`: none.
        #[serde(rename = "clientCertificate", deserialize_with = "::std::option::Option::deserialize")]
        pub client_certificate: ::std::option::Option<ClientCertificate>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        pub disabled: bool,
        #[serde(rename = "disabledReason", deserialize_with = "::std::option::Option::deserialize")]
        pub disabled_reason: ::std::option::Option<::std::string::String>,
        ///`[]` means every type.
        #[serde(rename = "eventTypes")]
        pub event_types: ::std::vec::Vec<::std::string::String>,
        ///`null`: none.
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///`{}`: none.
        pub headers: EndpointHeaders,
        pub id: ::uuid::Uuid,
        ///Deliveries per second at most, per worker process; null: no limit.
        #[serde(rename = "rateLimit", deserialize_with = "::std::option::Option::deserialize")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "updatedAt")]
        pub updated_at: ::chrono::DateTime<::chrono::offset::Utc>,
        pub url: ::std::string::String,
    }

    impl Webhook {
        pub fn builder() -> builder::Webhook {
            Default::default()
        }
    }

    ///`WebhookCreated`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct WebhookCreated {
        ///Present only when set; never its secret.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub auth: ::std::option::Option<EndpointAuth>,
        ///Only when set.
        #[serde(rename = "clientCertificate", skip_serializing_if = "::std::option::Option::is_none")]
        pub client_certificate: ::std::option::Option<ClientCertificate>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///`[]` means every type.
        #[serde(rename = "eventTypes")]
        pub event_types: ::std::vec::Vec<::std::string::String>,
        ///Only when set.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///Present only when set.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub headers: ::std::option::Option<EndpointHeaders>,
        pub id: ::uuid::Uuid,
        ///Deliveries per second at most, per worker process; present only when
        /// a limit was set.
        #[serde(rename = "rateLimit", skip_serializing_if = "::std::option::Option::is_none")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
        ///`whsec_` + 43 base64url characters; shown only here.
        pub secret: ::std::string::String,
        pub url: ::std::string::String,
    }

    impl WebhookCreated {
        pub fn builder() -> builder::WebhookCreated {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct WebhookIn {
        ///Absent or null: none.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub auth: ::std::option::Option<EndpointAuthIn>,
        ///Absent or null: none.
        #[serde(rename = "clientCertificate", skip_serializing_if = "::std::option::Option::is_none")]
        pub client_certificate: ::std::option::Option<ClientCertificateIn>,
        ///Catalog types (with their `.v1`). Absent, null or `[]`: every type.
        /// Duplicates are removed.
        #[serde(rename = "eventTypes", skip_serializing_if = "::std::option::Option::is_none")]
        pub event_types: ::std::option::Option<::std::vec::Vec<::std::string::String>>,
        ///Only events whose body matches it are delivered. Absent or null:
        /// every event of its types.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///Absent or null: none.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub headers: ::std::option::Option<EndpointHeaders>,
        ///Deliveries per second at most, a whole number from 1 to 10000.
        /// Absent or null: no limit. Any other value is `422
        /// invalid_rate_limit` (a non-number is `422 invalid_body`). The limit
        /// paces each worker process on its own: with W workers an endpoint may
        /// receive up to W times it. See docs/engine.md.
        #[serde(rename = "rateLimit", skip_serializing_if = "::std::option::Option::is_none")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
        ///Absolute https:// URL with a host, no credentials, at most 2048 characters; non-public IP literals and `localhost` are refused unless `OUTBOUND_ALLOW_CIDRS` allows them.
        pub url: ::std::string::String,
    }

    impl WebhookIn {
        pub fn builder() -> builder::WebhookIn {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    /// `updatedAt` changes on every PATCH, even one that changes nothing.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug, Default)]
    #[serde(deny_unknown_fields)]
    pub struct WebhookPatch {
        ///Replaces the credential; `null` removes it.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub auth: ::std::option::Option<EndpointAuthIn>,
        ///Replaces the client certificate; `null` removes it.
        #[serde(rename = "clientCertificate", skip_serializing_if = "::std::option::Option::is_none")]
        pub client_certificate: ::std::option::Option<ClientCertificateIn>,
        ///Absent or null: unchanged. `true` disables (reason `disabled through
        /// the API`); `false` enables and resumes held deliveries.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub disabled: ::std::option::Option<bool>,
        ///Absent: unchanged. `null` or `[]`: every type.
        #[serde(rename = "eventTypes", skip_serializing_if = "::std::option::Option::is_none")]
        pub event_types: ::std::option::Option<::std::vec::Vec<::std::string::String>>,
        ///Replaces the content filter; `null` removes it.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///Replaces the custom headers; `null` or `{}` removes them.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub headers: ::std::option::Option<EndpointHeaders>,
        ///Absent: unchanged. `null`: no limit. Otherwise deliveries per second
        /// at most, a whole number from 1 to 10000 (else `422
        /// invalid_rate_limit`).
        #[serde(rename = "rateLimit", skip_serializing_if = "::std::option::Option::is_none")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
        ///Absent or null: unchanged.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub url: ::std::option::Option<::std::string::String>,
    }

    impl WebhookPatch {
        pub fn builder() -> builder::WebhookPatch {
            Default::default()
        }
    }

    ///`Workspace`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Workspace {
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        pub name: ::std::string::String,
        #[serde(rename = "workspaceId")]
        pub workspace_id: ::uuid::Uuid,
    }

    impl Workspace {
        pub fn builder() -> builder::Workspace {
            Default::default()
        }
    }

    ///`WorkspaceCreated`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct WorkspaceCreated {
        ///The workspace's first API key (`ck_…`), shown only here; stored
        /// hashed.
        #[serde(rename = "apiKey")]
        pub api_key: ::std::string::String,
        #[serde(rename = "apiKeyId")]
        pub api_key_id: ::uuid::Uuid,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        pub name: ::std::string::String,
        #[serde(rename = "workspaceId")]
        pub workspace_id: ::uuid::Uuid,
    }

    impl WorkspaceCreated {
        pub fn builder() -> builder::WorkspaceCreated {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct WorkspaceIn {
        ///1 to 200 characters, not only whitespace (`422 invalid_name`).
        pub name: ::std::string::String,
    }

    impl WorkspaceIn {
        pub fn builder() -> builder::WorkspaceIn {
            Default::default()
        }
    }

    /// Types for composing complex structures.
    pub mod builder {
        #[derive(Clone, Debug)]
        pub struct ApiKey {
            api_key_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            revoked_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
        }

        impl ::std::default::Default for ApiKey {
            fn default() -> Self {
                Self {
                    api_key_id: Err("no value supplied for api_key_id".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    revoked_at: Err("no value supplied for revoked_at".to_string()),
                }
            }
        }

        impl ApiKey {
            pub fn api_key_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.api_key_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for api_key_id: {e}"));
                self
            }
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn revoked_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.revoked_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for revoked_at: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ApiKey> for super::ApiKey {
            type Error = super::error::ConversionError;
            fn try_from(value: ApiKey) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    api_key_id: value.api_key_id?,
                    created_at: value.created_at?,
                    revoked_at: value.revoked_at?,
                })
            }
        }

        impl ::std::convert::From<super::ApiKey> for ApiKey {
            fn from(value: super::ApiKey) -> Self {
                Self {
                    api_key_id: Ok(value.api_key_id),
                    created_at: Ok(value.created_at),
                    revoked_at: Ok(value.revoked_at),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct ApiKeyCreated {
            api_key: ::std::result::Result<::std::string::String, ::std::string::String>,
            api_key_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            workspace_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
        }

        impl ::std::default::Default for ApiKeyCreated {
            fn default() -> Self {
                Self {
                    api_key: Err("no value supplied for api_key".to_string()),
                    api_key_id: Err("no value supplied for api_key_id".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    workspace_id: Err("no value supplied for workspace_id".to_string()),
                }
            }
        }

        impl ApiKeyCreated {
            pub fn api_key<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.api_key =
                    value.try_into().map_err(|e| format!("error converting supplied value for api_key: {e}"));
                self
            }
            pub fn api_key_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.api_key_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for api_key_id: {e}"));
                self
            }
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn workspace_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.workspace_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for workspace_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ApiKeyCreated> for super::ApiKeyCreated {
            type Error = super::error::ConversionError;
            fn try_from(value: ApiKeyCreated) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    api_key: value.api_key?,
                    api_key_id: value.api_key_id?,
                    created_at: value.created_at?,
                    workspace_id: value.workspace_id?,
                })
            }
        }

        impl ::std::convert::From<super::ApiKeyCreated> for ApiKeyCreated {
            fn from(value: super::ApiKeyCreated) -> Self {
                Self {
                    api_key: Ok(value.api_key),
                    api_key_id: Ok(value.api_key_id),
                    created_at: Ok(value.created_at),
                    workspace_id: Ok(value.workspace_id),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Attempt {
            attempt_number: ::std::result::Result<i64, ::std::string::String>,
            duration_ms: ::std::result::Result<i64, ::std::string::String>,
            error: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            rate_limited_ms: ::std::result::Result<::std::option::Option<u64>, ::std::string::String>,
            request_headers: ::std::result::Result<
                ::std::option::Option<
                    ::std::collections::HashMap<::std::string::String, ::std::string::String>,
                >,
                ::std::string::String,
            >,
            response_body:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            response_code: ::std::result::Result<::std::option::Option<i64>, ::std::string::String>,
            started_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            via_proxy: ::std::result::Result<bool, ::std::string::String>,
        }

        impl ::std::default::Default for Attempt {
            fn default() -> Self {
                Self {
                    attempt_number: Err("no value supplied for attempt_number".to_string()),
                    duration_ms: Err("no value supplied for duration_ms".to_string()),
                    error: Err("no value supplied for error".to_string()),
                    rate_limited_ms: Err("no value supplied for rate_limited_ms".to_string()),
                    request_headers: Err("no value supplied for request_headers".to_string()),
                    response_body: Err("no value supplied for response_body".to_string()),
                    response_code: Err("no value supplied for response_code".to_string()),
                    started_at: Err("no value supplied for started_at".to_string()),
                    via_proxy: Err("no value supplied for via_proxy".to_string()),
                }
            }
        }

        impl Attempt {
            pub fn attempt_number<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<i64>,
                T::Error: ::std::fmt::Display,
            {
                self.attempt_number = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for attempt_number: {e}"));
                self
            }
            pub fn duration_ms<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<i64>,
                T::Error: ::std::fmt::Display,
            {
                self.duration_ms = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for duration_ms: {e}"));
                self
            }
            pub fn error<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.error =
                    value.try_into().map_err(|e| format!("error converting supplied value for error: {e}"));
                self
            }
            pub fn rate_limited_ms<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<u64>>,
                T::Error: ::std::fmt::Display,
            {
                self.rate_limited_ms = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for rate_limited_ms: {e}"));
                self
            }
            pub fn request_headers<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<
                        ::std::option::Option<
                            ::std::collections::HashMap<::std::string::String, ::std::string::String>,
                        >,
                    >,
                T::Error: ::std::fmt::Display,
            {
                self.request_headers = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for request_headers: {e}"));
                self
            }
            pub fn response_body<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.response_body = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for response_body: {e}"));
                self
            }
            pub fn response_code<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<i64>>,
                T::Error: ::std::fmt::Display,
            {
                self.response_code = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for response_code: {e}"));
                self
            }
            pub fn started_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.started_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for started_at: {e}"));
                self
            }
            pub fn via_proxy<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.via_proxy = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for via_proxy: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Attempt> for super::Attempt {
            type Error = super::error::ConversionError;
            fn try_from(value: Attempt) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    attempt_number: value.attempt_number?,
                    duration_ms: value.duration_ms?,
                    error: value.error?,
                    rate_limited_ms: value.rate_limited_ms?,
                    request_headers: value.request_headers?,
                    response_body: value.response_body?,
                    response_code: value.response_code?,
                    started_at: value.started_at?,
                    via_proxy: value.via_proxy?,
                })
            }
        }

        impl ::std::convert::From<super::Attempt> for Attempt {
            fn from(value: super::Attempt) -> Self {
                Self {
                    attempt_number: Ok(value.attempt_number),
                    duration_ms: Ok(value.duration_ms),
                    error: Ok(value.error),
                    rate_limited_ms: Ok(value.rate_limited_ms),
                    request_headers: Ok(value.request_headers),
                    response_body: Ok(value.response_body),
                    response_code: Ok(value.response_code),
                    started_at: Ok(value.started_at),
                    via_proxy: Ok(value.via_proxy),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct BasicAuth {
            type_: ::std::result::Result<super::BasicAuthType, ::std::string::String>,
            username: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for BasicAuth {
            fn default() -> Self {
                Self {
                    type_: Err("no value supplied for type_".to_string()),
                    username: Err("no value supplied for username".to_string()),
                }
            }
        }

        impl BasicAuth {
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::BasicAuthType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
            pub fn username<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.username = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for username: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<BasicAuth> for super::BasicAuth {
            type Error = super::error::ConversionError;
            fn try_from(value: BasicAuth) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { type_: value.type_?, username: value.username? })
            }
        }

        impl ::std::convert::From<super::BasicAuth> for BasicAuth {
            fn from(value: super::BasicAuth) -> Self {
                Self { type_: Ok(value.type_), username: Ok(value.username) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct BasicAuthIn {
            password: ::std::result::Result<super::BasicAuthInPassword, ::std::string::String>,
            type_: ::std::result::Result<super::BasicAuthInType, ::std::string::String>,
            username: ::std::result::Result<super::BasicAuthInUsername, ::std::string::String>,
        }

        impl ::std::default::Default for BasicAuthIn {
            fn default() -> Self {
                Self {
                    password: Err("no value supplied for password".to_string()),
                    type_: Err("no value supplied for type_".to_string()),
                    username: Err("no value supplied for username".to_string()),
                }
            }
        }

        impl BasicAuthIn {
            pub fn password<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::BasicAuthInPassword>,
                T::Error: ::std::fmt::Display,
            {
                self.password = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for password: {e}"));
                self
            }
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::BasicAuthInType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
            pub fn username<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::BasicAuthInUsername>,
                T::Error: ::std::fmt::Display,
            {
                self.username = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for username: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<BasicAuthIn> for super::BasicAuthIn {
            type Error = super::error::ConversionError;
            fn try_from(value: BasicAuthIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { password: value.password?, type_: value.type_?, username: value.username? })
            }
        }

        impl ::std::convert::From<super::BasicAuthIn> for BasicAuthIn {
            fn from(value: super::BasicAuthIn) -> Self {
                Self { password: Ok(value.password), type_: Ok(value.type_), username: Ok(value.username) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct BearerAuth {
            type_: ::std::result::Result<super::BearerAuthType, ::std::string::String>,
        }

        impl ::std::default::Default for BearerAuth {
            fn default() -> Self {
                Self { type_: Err("no value supplied for type_".to_string()) }
            }
        }

        impl BearerAuth {
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::BearerAuthType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<BearerAuth> for super::BearerAuth {
            type Error = super::error::ConversionError;
            fn try_from(value: BearerAuth) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { type_: value.type_? })
            }
        }

        impl ::std::convert::From<super::BearerAuth> for BearerAuth {
            fn from(value: super::BearerAuth) -> Self {
                Self { type_: Ok(value.type_) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct BearerAuthIn {
            token: ::std::result::Result<super::BearerAuthInToken, ::std::string::String>,
            type_: ::std::result::Result<super::BearerAuthInType, ::std::string::String>,
        }

        impl ::std::default::Default for BearerAuthIn {
            fn default() -> Self {
                Self {
                    token: Err("no value supplied for token".to_string()),
                    type_: Err("no value supplied for type_".to_string()),
                }
            }
        }

        impl BearerAuthIn {
            pub fn token<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::BearerAuthInToken>,
                T::Error: ::std::fmt::Display,
            {
                self.token =
                    value.try_into().map_err(|e| format!("error converting supplied value for token: {e}"));
                self
            }
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::BearerAuthInType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<BearerAuthIn> for super::BearerAuthIn {
            type Error = super::error::ConversionError;
            fn try_from(value: BearerAuthIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { token: value.token?, type_: value.type_? })
            }
        }

        impl ::std::convert::From<super::BearerAuthIn> for BearerAuthIn {
            fn from(value: super::BearerAuthIn) -> Self {
                Self { token: Ok(value.token), type_: Ok(value.type_) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Campaign {
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            name: ::std::result::Result<::std::string::String, ::std::string::String>,
            status: ::std::result::Result<super::CampaignStatus, ::std::string::String>,
            updated_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            workspace_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
        }

        impl ::std::default::Default for Campaign {
            fn default() -> Self {
                Self {
                    created_at: Err("no value supplied for created_at".to_string()),
                    id: Err("no value supplied for id".to_string()),
                    name: Err("no value supplied for name".to_string()),
                    status: Err("no value supplied for status".to_string()),
                    updated_at: Err("no value supplied for updated_at".to_string()),
                    workspace_id: Err("no value supplied for workspace_id".to_string()),
                }
            }
        }

        impl Campaign {
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::CampaignStatus>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
            pub fn updated_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.updated_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for updated_at: {e}"));
                self
            }
            pub fn workspace_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.workspace_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for workspace_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Campaign> for super::Campaign {
            type Error = super::error::ConversionError;
            fn try_from(value: Campaign) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    created_at: value.created_at?,
                    id: value.id?,
                    name: value.name?,
                    status: value.status?,
                    updated_at: value.updated_at?,
                    workspace_id: value.workspace_id?,
                })
            }
        }

        impl ::std::convert::From<super::Campaign> for Campaign {
            fn from(value: super::Campaign) -> Self {
                Self {
                    created_at: Ok(value.created_at),
                    id: Ok(value.id),
                    name: Ok(value.name),
                    status: Ok(value.status),
                    updated_at: Ok(value.updated_at),
                    workspace_id: Ok(value.workspace_id),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct CampaignIn {
            name: ::std::result::Result<::std::string::String, ::std::string::String>,
            status:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
        }

        impl ::std::default::Default for CampaignIn {
            fn default() -> Self {
                Self { name: Err("no value supplied for name".to_string()), status: Ok(Default::default()) }
            }
        }

        impl CampaignIn {
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<CampaignIn> for super::CampaignIn {
            type Error = super::error::ConversionError;
            fn try_from(value: CampaignIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { name: value.name?, status: value.status? })
            }
        }

        impl ::std::convert::From<super::CampaignIn> for CampaignIn {
            fn from(value: super::CampaignIn) -> Self {
                Self { name: Ok(value.name), status: Ok(value.status) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct CampaignPatch {
            name: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            status:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
        }

        impl ::std::default::Default for CampaignPatch {
            fn default() -> Self {
                Self { name: Ok(Default::default()), status: Ok(Default::default()) }
            }
        }

        impl CampaignPatch {
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<CampaignPatch> for super::CampaignPatch {
            type Error = super::error::ConversionError;
            fn try_from(value: CampaignPatch) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { name: value.name?, status: value.status? })
            }
        }

        impl ::std::convert::From<super::CampaignPatch> for CampaignPatch {
            fn from(value: super::CampaignPatch) -> Self {
                Self { name: Ok(value.name), status: Ok(value.status) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct ClientCertificate {
            not_after:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            subject: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for ClientCertificate {
            fn default() -> Self {
                Self {
                    not_after: Err("no value supplied for not_after".to_string()),
                    subject: Err("no value supplied for subject".to_string()),
                }
            }
        }

        impl ClientCertificate {
            pub fn not_after<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.not_after = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for not_after: {e}"));
                self
            }
            pub fn subject<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.subject =
                    value.try_into().map_err(|e| format!("error converting supplied value for subject: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ClientCertificate> for super::ClientCertificate {
            type Error = super::error::ConversionError;
            fn try_from(
                value: ClientCertificate,
            ) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { not_after: value.not_after?, subject: value.subject? })
            }
        }

        impl ::std::convert::From<super::ClientCertificate> for ClientCertificate {
            fn from(value: super::ClientCertificate) -> Self {
                Self { not_after: Ok(value.not_after), subject: Ok(value.subject) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct ClientCertificateIn {
            certificate: ::std::result::Result<::std::string::String, ::std::string::String>,
            private_key: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for ClientCertificateIn {
            fn default() -> Self {
                Self {
                    certificate: Err("no value supplied for certificate".to_string()),
                    private_key: Err("no value supplied for private_key".to_string()),
                }
            }
        }

        impl ClientCertificateIn {
            pub fn certificate<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.certificate = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for certificate: {e}"));
                self
            }
            pub fn private_key<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.private_key = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for private_key: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ClientCertificateIn> for super::ClientCertificateIn {
            type Error = super::error::ConversionError;
            fn try_from(
                value: ClientCertificateIn,
            ) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { certificate: value.certificate?, private_key: value.private_key? })
            }
        }

        impl ::std::convert::From<super::ClientCertificateIn> for ClientCertificateIn {
            fn from(value: super::ClientCertificateIn) -> Self {
                Self { certificate: Ok(value.certificate), private_key: Ok(value.private_key) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct ConsoleLink {
            expires_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            url: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for ConsoleLink {
            fn default() -> Self {
                Self {
                    expires_at: Err("no value supplied for expires_at".to_string()),
                    url: Err("no value supplied for url".to_string()),
                }
            }
        }

        impl ConsoleLink {
            pub fn expires_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.expires_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for expires_at: {e}"));
                self
            }
            pub fn url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.url =
                    value.try_into().map_err(|e| format!("error converting supplied value for url: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ConsoleLink> for super::ConsoleLink {
            type Error = super::error::ConversionError;
            fn try_from(value: ConsoleLink) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { expires_at: value.expires_at?, url: value.url? })
            }
        }

        impl ::std::convert::From<super::ConsoleLink> for ConsoleLink {
            fn from(value: super::ConsoleLink) -> Self {
                Self { expires_at: Ok(value.expires_at), url: Ok(value.url) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct ConsoleLinkIn {
            page: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            workspace_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
        }

        impl ::std::default::Default for ConsoleLinkIn {
            fn default() -> Self {
                Self {
                    page: Ok(Default::default()),
                    workspace_id: Err("no value supplied for workspace_id".to_string()),
                }
            }
        }

        impl ConsoleLinkIn {
            pub fn page<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.page =
                    value.try_into().map_err(|e| format!("error converting supplied value for page: {e}"));
                self
            }
            pub fn workspace_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.workspace_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for workspace_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ConsoleLinkIn> for super::ConsoleLinkIn {
            type Error = super::error::ConversionError;
            fn try_from(value: ConsoleLinkIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { page: value.page?, workspace_id: value.workspace_id? })
            }
        }

        impl ::std::convert::From<super::ConsoleLinkIn> for ConsoleLinkIn {
            fn from(value: super::ConsoleLinkIn) -> Self {
                Self { page: Ok(value.page), workspace_id: Ok(value.workspace_id) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Delivery {
            attempt_count: ::std::result::Result<i64, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            delivered_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            event_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            event_type: ::std::result::Result<::std::string::String, ::std::string::String>,
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            last_error:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            last_response_code: ::std::result::Result<::std::option::Option<i64>, ::std::string::String>,
            next_attempt_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            payload_expired: ::std::result::Result<bool, ::std::string::String>,
            status: ::std::result::Result<super::DeliveryStatus, ::std::string::String>,
            updated_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
        }

        impl ::std::default::Default for Delivery {
            fn default() -> Self {
                Self {
                    attempt_count: Err("no value supplied for attempt_count".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    delivered_at: Err("no value supplied for delivered_at".to_string()),
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    event_id: Err("no value supplied for event_id".to_string()),
                    event_type: Err("no value supplied for event_type".to_string()),
                    id: Err("no value supplied for id".to_string()),
                    last_error: Err("no value supplied for last_error".to_string()),
                    last_response_code: Err("no value supplied for last_response_code".to_string()),
                    next_attempt_at: Err("no value supplied for next_attempt_at".to_string()),
                    payload_expired: Err("no value supplied for payload_expired".to_string()),
                    status: Err("no value supplied for status".to_string()),
                    updated_at: Err("no value supplied for updated_at".to_string()),
                }
            }
        }

        impl Delivery {
            pub fn attempt_count<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<i64>,
                T::Error: ::std::fmt::Display,
            {
                self.attempt_count = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for attempt_count: {e}"));
                self
            }
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn delivered_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.delivered_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for delivered_at: {e}"));
                self
            }
            pub fn endpoint_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.endpoint_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for endpoint_id: {e}"));
                self
            }
            pub fn event_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.event_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_id: {e}"));
                self
            }
            pub fn event_type<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.event_type = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_type: {e}"));
                self
            }
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn last_error<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.last_error = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for last_error: {e}"));
                self
            }
            pub fn last_response_code<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<i64>>,
                T::Error: ::std::fmt::Display,
            {
                self.last_response_code = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for last_response_code: {e}"));
                self
            }
            pub fn next_attempt_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.next_attempt_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for next_attempt_at: {e}"));
                self
            }
            pub fn payload_expired<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.payload_expired = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for payload_expired: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::DeliveryStatus>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
            pub fn updated_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.updated_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for updated_at: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Delivery> for super::Delivery {
            type Error = super::error::ConversionError;
            fn try_from(value: Delivery) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    attempt_count: value.attempt_count?,
                    created_at: value.created_at?,
                    delivered_at: value.delivered_at?,
                    endpoint_id: value.endpoint_id?,
                    event_id: value.event_id?,
                    event_type: value.event_type?,
                    id: value.id?,
                    last_error: value.last_error?,
                    last_response_code: value.last_response_code?,
                    next_attempt_at: value.next_attempt_at?,
                    payload_expired: value.payload_expired?,
                    status: value.status?,
                    updated_at: value.updated_at?,
                })
            }
        }

        impl ::std::convert::From<super::Delivery> for Delivery {
            fn from(value: super::Delivery) -> Self {
                Self {
                    attempt_count: Ok(value.attempt_count),
                    created_at: Ok(value.created_at),
                    delivered_at: Ok(value.delivered_at),
                    endpoint_id: Ok(value.endpoint_id),
                    event_id: Ok(value.event_id),
                    event_type: Ok(value.event_type),
                    id: Ok(value.id),
                    last_error: Ok(value.last_error),
                    last_response_code: Ok(value.last_response_code),
                    next_attempt_at: Ok(value.next_attempt_at),
                    payload_expired: Ok(value.payload_expired),
                    status: Ok(value.status),
                    updated_at: Ok(value.updated_at),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct DeliveryWithAttempts {
            attempt_count: ::std::result::Result<i64, ::std::string::String>,
            attempts: ::std::result::Result<::std::vec::Vec<super::Attempt>, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            delivered_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            event_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            event_type: ::std::result::Result<::std::string::String, ::std::string::String>,
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            last_error:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            last_response_code: ::std::result::Result<::std::option::Option<i64>, ::std::string::String>,
            next_attempt_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            payload_expired: ::std::result::Result<bool, ::std::string::String>,
            status: ::std::result::Result<super::DeliveryWithAttemptsStatus, ::std::string::String>,
            updated_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
        }

        impl ::std::default::Default for DeliveryWithAttempts {
            fn default() -> Self {
                Self {
                    attempt_count: Err("no value supplied for attempt_count".to_string()),
                    attempts: Err("no value supplied for attempts".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    delivered_at: Err("no value supplied for delivered_at".to_string()),
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    event_id: Err("no value supplied for event_id".to_string()),
                    event_type: Err("no value supplied for event_type".to_string()),
                    id: Err("no value supplied for id".to_string()),
                    last_error: Err("no value supplied for last_error".to_string()),
                    last_response_code: Err("no value supplied for last_response_code".to_string()),
                    next_attempt_at: Err("no value supplied for next_attempt_at".to_string()),
                    payload_expired: Err("no value supplied for payload_expired".to_string()),
                    status: Err("no value supplied for status".to_string()),
                    updated_at: Err("no value supplied for updated_at".to_string()),
                }
            }
        }

        impl DeliveryWithAttempts {
            pub fn attempt_count<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<i64>,
                T::Error: ::std::fmt::Display,
            {
                self.attempt_count = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for attempt_count: {e}"));
                self
            }
            pub fn attempts<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::vec::Vec<super::Attempt>>,
                T::Error: ::std::fmt::Display,
            {
                self.attempts = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for attempts: {e}"));
                self
            }
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn delivered_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.delivered_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for delivered_at: {e}"));
                self
            }
            pub fn endpoint_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.endpoint_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for endpoint_id: {e}"));
                self
            }
            pub fn event_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.event_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_id: {e}"));
                self
            }
            pub fn event_type<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.event_type = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_type: {e}"));
                self
            }
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn last_error<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.last_error = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for last_error: {e}"));
                self
            }
            pub fn last_response_code<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<i64>>,
                T::Error: ::std::fmt::Display,
            {
                self.last_response_code = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for last_response_code: {e}"));
                self
            }
            pub fn next_attempt_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.next_attempt_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for next_attempt_at: {e}"));
                self
            }
            pub fn payload_expired<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.payload_expired = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for payload_expired: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::DeliveryWithAttemptsStatus>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
            pub fn updated_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.updated_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for updated_at: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<DeliveryWithAttempts> for super::DeliveryWithAttempts {
            type Error = super::error::ConversionError;
            fn try_from(
                value: DeliveryWithAttempts,
            ) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    attempt_count: value.attempt_count?,
                    attempts: value.attempts?,
                    created_at: value.created_at?,
                    delivered_at: value.delivered_at?,
                    endpoint_id: value.endpoint_id?,
                    event_id: value.event_id?,
                    event_type: value.event_type?,
                    id: value.id?,
                    last_error: value.last_error?,
                    last_response_code: value.last_response_code?,
                    next_attempt_at: value.next_attempt_at?,
                    payload_expired: value.payload_expired?,
                    status: value.status?,
                    updated_at: value.updated_at?,
                })
            }
        }

        impl ::std::convert::From<super::DeliveryWithAttempts> for DeliveryWithAttempts {
            fn from(value: super::DeliveryWithAttempts) -> Self {
                Self {
                    attempt_count: Ok(value.attempt_count),
                    attempts: Ok(value.attempts),
                    created_at: Ok(value.created_at),
                    delivered_at: Ok(value.delivered_at),
                    endpoint_id: Ok(value.endpoint_id),
                    event_id: Ok(value.event_id),
                    event_type: Ok(value.event_type),
                    id: Ok(value.id),
                    last_error: Ok(value.last_error),
                    last_response_code: Ok(value.last_response_code),
                    next_attempt_at: Ok(value.next_attempt_at),
                    payload_expired: Ok(value.payload_expired),
                    status: Ok(value.status),
                    updated_at: Ok(value.updated_at),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Error {
            active_recovery_id:
                ::std::result::Result<::std::option::Option<::uuid::Uuid>, ::std::string::String>,
            code: ::std::result::Result<::std::string::String, ::std::string::String>,
            detail: ::std::result::Result<::std::string::String, ::std::string::String>,
            field: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            pointer:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
        }

        impl ::std::default::Default for Error {
            fn default() -> Self {
                Self {
                    active_recovery_id: Ok(Default::default()),
                    code: Err("no value supplied for code".to_string()),
                    detail: Err("no value supplied for detail".to_string()),
                    field: Ok(Default::default()),
                    pointer: Ok(Default::default()),
                }
            }
        }

        impl Error {
            pub fn active_recovery_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::uuid::Uuid>>,
                T::Error: ::std::fmt::Display,
            {
                self.active_recovery_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for active_recovery_id: {e}"));
                self
            }
            pub fn code<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.code =
                    value.try_into().map_err(|e| format!("error converting supplied value for code: {e}"));
                self
            }
            pub fn detail<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.detail =
                    value.try_into().map_err(|e| format!("error converting supplied value for detail: {e}"));
                self
            }
            pub fn field<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.field =
                    value.try_into().map_err(|e| format!("error converting supplied value for field: {e}"));
                self
            }
            pub fn pointer<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.pointer =
                    value.try_into().map_err(|e| format!("error converting supplied value for pointer: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Error> for super::Error {
            type Error = super::error::ConversionError;
            fn try_from(value: Error) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    active_recovery_id: value.active_recovery_id?,
                    code: value.code?,
                    detail: value.detail?,
                    field: value.field?,
                    pointer: value.pointer?,
                })
            }
        }

        impl ::std::convert::From<super::Error> for Error {
            fn from(value: super::Error) -> Self {
                Self {
                    active_recovery_id: Ok(value.active_recovery_id),
                    code: Ok(value.code),
                    detail: Ok(value.detail),
                    field: Ok(value.field),
                    pointer: Ok(value.pointer),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct EventIn {
            entity_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            entity_type: ::std::result::Result<::std::string::String, ::std::string::String>,
            payload: ::std::result::Result<::serde_json::Value, ::std::string::String>,
            type_: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for EventIn {
            fn default() -> Self {
                Self {
                    entity_id: Err("no value supplied for entity_id".to_string()),
                    entity_type: Err("no value supplied for entity_type".to_string()),
                    payload: Err("no value supplied for payload".to_string()),
                    type_: Err("no value supplied for type_".to_string()),
                }
            }
        }

        impl EventIn {
            pub fn entity_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.entity_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for entity_id: {e}"));
                self
            }
            pub fn entity_type<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.entity_type = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for entity_type: {e}"));
                self
            }
            pub fn payload<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::serde_json::Value>,
                T::Error: ::std::fmt::Display,
            {
                self.payload =
                    value.try_into().map_err(|e| format!("error converting supplied value for payload: {e}"));
                self
            }
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<EventIn> for super::EventIn {
            type Error = super::error::ConversionError;
            fn try_from(value: EventIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    entity_id: value.entity_id?,
                    entity_type: value.entity_type?,
                    payload: value.payload?,
                    type_: value.type_?,
                })
            }
        }

        impl ::std::convert::From<super::EventIn> for EventIn {
            fn from(value: super::EventIn) -> Self {
                Self {
                    entity_id: Ok(value.entity_id),
                    entity_type: Ok(value.entity_type),
                    payload: Ok(value.payload),
                    type_: Ok(value.type_),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct EventType {
            entity_type: ::std::result::Result<::std::string::String, ::std::string::String>,
            example_payload: ::std::result::Result<
                ::serde_json::Map<::std::string::String, ::serde_json::Value>,
                ::std::string::String,
            >,
            name: ::std::result::Result<::std::string::String, ::std::string::String>,
            publishable: ::std::result::Result<bool, ::std::string::String>,
            schema: ::std::result::Result<
                ::serde_json::Map<::std::string::String, ::serde_json::Value>,
                ::std::string::String,
            >,
            version: ::std::result::Result<::std::num::NonZeroU64, ::std::string::String>,
        }

        impl ::std::default::Default for EventType {
            fn default() -> Self {
                Self {
                    entity_type: Err("no value supplied for entity_type".to_string()),
                    example_payload: Err("no value supplied for example_payload".to_string()),
                    name: Err("no value supplied for name".to_string()),
                    publishable: Err("no value supplied for publishable".to_string()),
                    schema: Err("no value supplied for schema".to_string()),
                    version: Err("no value supplied for version".to_string()),
                }
            }
        }

        impl EventType {
            pub fn entity_type<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.entity_type = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for entity_type: {e}"));
                self
            }
            pub fn example_payload<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::serde_json::Map<::std::string::String, ::serde_json::Value>>,
                T::Error: ::std::fmt::Display,
            {
                self.example_payload = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for example_payload: {e}"));
                self
            }
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn publishable<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.publishable = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for publishable: {e}"));
                self
            }
            pub fn schema<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::serde_json::Map<::std::string::String, ::serde_json::Value>>,
                T::Error: ::std::fmt::Display,
            {
                self.schema =
                    value.try_into().map_err(|e| format!("error converting supplied value for schema: {e}"));
                self
            }
            pub fn version<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::num::NonZeroU64>,
                T::Error: ::std::fmt::Display,
            {
                self.version =
                    value.try_into().map_err(|e| format!("error converting supplied value for version: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<EventType> for super::EventType {
            type Error = super::error::ConversionError;
            fn try_from(value: EventType) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    entity_type: value.entity_type?,
                    example_payload: value.example_payload?,
                    name: value.name?,
                    publishable: value.publishable?,
                    schema: value.schema?,
                    version: value.version?,
                })
            }
        }

        impl ::std::convert::From<super::EventType> for EventType {
            fn from(value: super::EventType) -> Self {
                Self {
                    entity_type: Ok(value.entity_type),
                    example_payload: Ok(value.example_payload),
                    name: Ok(value.name),
                    publishable: Ok(value.publishable),
                    schema: Ok(value.schema),
                    version: Ok(value.version),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct HeaderAuth {
            name: ::std::result::Result<::std::string::String, ::std::string::String>,
            type_: ::std::result::Result<super::HeaderAuthType, ::std::string::String>,
        }

        impl ::std::default::Default for HeaderAuth {
            fn default() -> Self {
                Self {
                    name: Err("no value supplied for name".to_string()),
                    type_: Err("no value supplied for type_".to_string()),
                }
            }
        }

        impl HeaderAuth {
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::HeaderAuthType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<HeaderAuth> for super::HeaderAuth {
            type Error = super::error::ConversionError;
            fn try_from(value: HeaderAuth) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { name: value.name?, type_: value.type_? })
            }
        }

        impl ::std::convert::From<super::HeaderAuth> for HeaderAuth {
            fn from(value: super::HeaderAuth) -> Self {
                Self { name: Ok(value.name), type_: Ok(value.type_) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct HeaderAuthIn {
            name: ::std::result::Result<super::HeaderAuthInName, ::std::string::String>,
            type_: ::std::result::Result<super::HeaderAuthInType, ::std::string::String>,
            value: ::std::result::Result<super::HeaderAuthInValue, ::std::string::String>,
        }

        impl ::std::default::Default for HeaderAuthIn {
            fn default() -> Self {
                Self {
                    name: Err("no value supplied for name".to_string()),
                    type_: Err("no value supplied for type_".to_string()),
                    value: Err("no value supplied for value".to_string()),
                }
            }
        }

        impl HeaderAuthIn {
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::HeaderAuthInName>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::HeaderAuthInType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
            pub fn value<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::HeaderAuthInValue>,
                T::Error: ::std::fmt::Display,
            {
                self.value =
                    value.try_into().map_err(|e| format!("error converting supplied value for value: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<HeaderAuthIn> for super::HeaderAuthIn {
            type Error = super::error::ConversionError;
            fn try_from(value: HeaderAuthIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { name: value.name?, type_: value.type_?, value: value.value? })
            }
        }

        impl ::std::convert::From<super::HeaderAuthIn> for HeaderAuthIn {
            fn from(value: super::HeaderAuthIn) -> Self {
                Self { name: Ok(value.name), type_: Ok(value.type_), value: Ok(value.value) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct ListenReplyIn {
            body: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            delivery_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            duration_ms: ::std::result::Result<::std::option::Option<u64>, ::std::string::String>,
            error: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            reply_token: ::std::result::Result<::std::string::String, ::std::string::String>,
            status: ::std::result::Result<::std::option::Option<i64>, ::std::string::String>,
            timed_out: ::std::result::Result<::std::option::Option<bool>, ::std::string::String>,
        }

        impl ::std::default::Default for ListenReplyIn {
            fn default() -> Self {
                Self {
                    body: Ok(Default::default()),
                    delivery_id: Err("no value supplied for delivery_id".to_string()),
                    duration_ms: Ok(Default::default()),
                    error: Ok(Default::default()),
                    reply_token: Err("no value supplied for reply_token".to_string()),
                    status: Ok(Default::default()),
                    timed_out: Ok(Default::default()),
                }
            }
        }

        impl ListenReplyIn {
            pub fn body<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.body =
                    value.try_into().map_err(|e| format!("error converting supplied value for body: {e}"));
                self
            }
            pub fn delivery_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.delivery_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for delivery_id: {e}"));
                self
            }
            pub fn duration_ms<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<u64>>,
                T::Error: ::std::fmt::Display,
            {
                self.duration_ms = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for duration_ms: {e}"));
                self
            }
            pub fn error<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.error =
                    value.try_into().map_err(|e| format!("error converting supplied value for error: {e}"));
                self
            }
            pub fn reply_token<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.reply_token = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for reply_token: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<i64>>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
            pub fn timed_out<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<bool>>,
                T::Error: ::std::fmt::Display,
            {
                self.timed_out = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for timed_out: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ListenReplyIn> for super::ListenReplyIn {
            type Error = super::error::ConversionError;
            fn try_from(value: ListenReplyIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    body: value.body?,
                    delivery_id: value.delivery_id?,
                    duration_ms: value.duration_ms?,
                    error: value.error?,
                    reply_token: value.reply_token?,
                    status: value.status?,
                    timed_out: value.timed_out?,
                })
            }
        }

        impl ::std::convert::From<super::ListenReplyIn> for ListenReplyIn {
            fn from(value: super::ListenReplyIn) -> Self {
                Self {
                    body: Ok(value.body),
                    delivery_id: Ok(value.delivery_id),
                    duration_ms: Ok(value.duration_ms),
                    error: Ok(value.error),
                    reply_token: Ok(value.reply_token),
                    status: Ok(value.status),
                    timed_out: Ok(value.timed_out),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct OAuth2Auth {
            audience:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            client_id: ::std::result::Result<::std::string::String, ::std::string::String>,
            scope: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            token_url: ::std::result::Result<::std::string::String, ::std::string::String>,
            type_: ::std::result::Result<super::OAuth2AuthType, ::std::string::String>,
        }

        impl ::std::default::Default for OAuth2Auth {
            fn default() -> Self {
                Self {
                    audience: Err("no value supplied for audience".to_string()),
                    client_id: Err("no value supplied for client_id".to_string()),
                    scope: Err("no value supplied for scope".to_string()),
                    token_url: Err("no value supplied for token_url".to_string()),
                    type_: Err("no value supplied for type_".to_string()),
                }
            }
        }

        impl OAuth2Auth {
            pub fn audience<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.audience = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for audience: {e}"));
                self
            }
            pub fn client_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.client_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for client_id: {e}"));
                self
            }
            pub fn scope<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.scope =
                    value.try_into().map_err(|e| format!("error converting supplied value for scope: {e}"));
                self
            }
            pub fn token_url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.token_url = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for token_url: {e}"));
                self
            }
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::OAuth2AuthType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<OAuth2Auth> for super::OAuth2Auth {
            type Error = super::error::ConversionError;
            fn try_from(value: OAuth2Auth) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    audience: value.audience?,
                    client_id: value.client_id?,
                    scope: value.scope?,
                    token_url: value.token_url?,
                    type_: value.type_?,
                })
            }
        }

        impl ::std::convert::From<super::OAuth2Auth> for OAuth2Auth {
            fn from(value: super::OAuth2Auth) -> Self {
                Self {
                    audience: Ok(value.audience),
                    client_id: Ok(value.client_id),
                    scope: Ok(value.scope),
                    token_url: Ok(value.token_url),
                    type_: Ok(value.type_),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct OAuth2AuthIn {
            audience:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            client_id: ::std::result::Result<super::OAuth2AuthInClientId, ::std::string::String>,
            client_secret: ::std::result::Result<super::OAuth2AuthInClientSecret, ::std::string::String>,
            scope: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            token_url: ::std::result::Result<super::OAuth2AuthInTokenUrl, ::std::string::String>,
            type_: ::std::result::Result<super::OAuth2AuthInType, ::std::string::String>,
        }

        impl ::std::default::Default for OAuth2AuthIn {
            fn default() -> Self {
                Self {
                    audience: Ok(Default::default()),
                    client_id: Err("no value supplied for client_id".to_string()),
                    client_secret: Err("no value supplied for client_secret".to_string()),
                    scope: Ok(Default::default()),
                    token_url: Err("no value supplied for token_url".to_string()),
                    type_: Err("no value supplied for type_".to_string()),
                }
            }
        }

        impl OAuth2AuthIn {
            pub fn audience<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.audience = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for audience: {e}"));
                self
            }
            pub fn client_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::OAuth2AuthInClientId>,
                T::Error: ::std::fmt::Display,
            {
                self.client_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for client_id: {e}"));
                self
            }
            pub fn client_secret<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::OAuth2AuthInClientSecret>,
                T::Error: ::std::fmt::Display,
            {
                self.client_secret = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for client_secret: {e}"));
                self
            }
            pub fn scope<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.scope =
                    value.try_into().map_err(|e| format!("error converting supplied value for scope: {e}"));
                self
            }
            pub fn token_url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::OAuth2AuthInTokenUrl>,
                T::Error: ::std::fmt::Display,
            {
                self.token_url = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for token_url: {e}"));
                self
            }
            pub fn type_<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::OAuth2AuthInType>,
                T::Error: ::std::fmt::Display,
            {
                self.type_ =
                    value.try_into().map_err(|e| format!("error converting supplied value for type_: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<OAuth2AuthIn> for super::OAuth2AuthIn {
            type Error = super::error::ConversionError;
            fn try_from(value: OAuth2AuthIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    audience: value.audience?,
                    client_id: value.client_id?,
                    client_secret: value.client_secret?,
                    scope: value.scope?,
                    token_url: value.token_url?,
                    type_: value.type_?,
                })
            }
        }

        impl ::std::convert::From<super::OAuth2AuthIn> for OAuth2AuthIn {
            fn from(value: super::OAuth2AuthIn) -> Self {
                Self {
                    audience: Ok(value.audience),
                    client_id: Ok(value.client_id),
                    client_secret: Ok(value.client_secret),
                    scope: Ok(value.scope),
                    token_url: Ok(value.token_url),
                    type_: Ok(value.type_),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Published {
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
        }

        impl ::std::default::Default for Published {
            fn default() -> Self {
                Self { id: Err("no value supplied for id".to_string()) }
            }
        }

        impl Published {
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Published> for super::Published {
            type Error = super::error::ConversionError;
            fn try_from(value: Published) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { id: value.id? })
            }
        }

        impl ::std::convert::From<super::Published> for Published {
            fn from(value: super::Published) -> Self {
                Self { id: Ok(value.id) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct RecoveryDryRun {
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            include_delivered: ::std::result::Result<bool, ::std::string::String>,
            since: ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            total: ::std::result::Result<u64, ::std::string::String>,
            until: ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
        }

        impl ::std::default::Default for RecoveryDryRun {
            fn default() -> Self {
                Self {
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    include_delivered: Err("no value supplied for include_delivered".to_string()),
                    since: Err("no value supplied for since".to_string()),
                    total: Err("no value supplied for total".to_string()),
                    until: Err("no value supplied for until".to_string()),
                }
            }
        }

        impl RecoveryDryRun {
            pub fn endpoint_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.endpoint_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for endpoint_id: {e}"));
                self
            }
            pub fn include_delivered<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.include_delivered = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for include_delivered: {e}"));
                self
            }
            pub fn since<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.since =
                    value.try_into().map_err(|e| format!("error converting supplied value for since: {e}"));
                self
            }
            pub fn total<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<u64>,
                T::Error: ::std::fmt::Display,
            {
                self.total =
                    value.try_into().map_err(|e| format!("error converting supplied value for total: {e}"));
                self
            }
            pub fn until<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.until =
                    value.try_into().map_err(|e| format!("error converting supplied value for until: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<RecoveryDryRun> for super::RecoveryDryRun {
            type Error = super::error::ConversionError;
            fn try_from(value: RecoveryDryRun) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    endpoint_id: value.endpoint_id?,
                    include_delivered: value.include_delivered?,
                    since: value.since?,
                    total: value.total?,
                    until: value.until?,
                })
            }
        }

        impl ::std::convert::From<super::RecoveryDryRun> for RecoveryDryRun {
            fn from(value: super::RecoveryDryRun) -> Self {
                Self {
                    endpoint_id: Ok(value.endpoint_id),
                    include_delivered: Ok(value.include_delivered),
                    since: Ok(value.since),
                    total: Ok(value.total),
                    until: Ok(value.until),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct RecoveryIn {
            dry_run: ::std::result::Result<bool, ::std::string::String>,
            include_delivered: ::std::result::Result<bool, ::std::string::String>,
            since: ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            until: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
        }

        impl ::std::default::Default for RecoveryIn {
            fn default() -> Self {
                Self {
                    dry_run: Ok(Default::default()),
                    include_delivered: Ok(Default::default()),
                    since: Err("no value supplied for since".to_string()),
                    until: Ok(Default::default()),
                }
            }
        }

        impl RecoveryIn {
            pub fn dry_run<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.dry_run =
                    value.try_into().map_err(|e| format!("error converting supplied value for dry_run: {e}"));
                self
            }
            pub fn include_delivered<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.include_delivered = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for include_delivered: {e}"));
                self
            }
            pub fn since<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.since =
                    value.try_into().map_err(|e| format!("error converting supplied value for since: {e}"));
                self
            }
            pub fn until<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.until =
                    value.try_into().map_err(|e| format!("error converting supplied value for until: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<RecoveryIn> for super::RecoveryIn {
            type Error = super::error::ConversionError;
            fn try_from(value: RecoveryIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    dry_run: value.dry_run?,
                    include_delivered: value.include_delivered?,
                    since: value.since?,
                    until: value.until?,
                })
            }
        }

        impl ::std::convert::From<super::RecoveryIn> for RecoveryIn {
            fn from(value: super::RecoveryIn) -> Self {
                Self {
                    dry_run: Ok(value.dry_run),
                    include_delivered: Ok(value.include_delivered),
                    since: Ok(value.since),
                    until: Ok(value.until),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct RecoveryJob {
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            error: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            finished_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            include_delivered: ::std::result::Result<bool, ::std::string::String>,
            processed: ::std::result::Result<u64, ::std::string::String>,
            resent: ::std::result::Result<u64, ::std::string::String>,
            since: ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            started_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            status: ::std::result::Result<super::RecoveryJobStatus, ::std::string::String>,
            total: ::std::result::Result<u64, ::std::string::String>,
            until: ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            updated_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
        }

        impl ::std::default::Default for RecoveryJob {
            fn default() -> Self {
                Self {
                    created_at: Err("no value supplied for created_at".to_string()),
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    error: Err("no value supplied for error".to_string()),
                    finished_at: Err("no value supplied for finished_at".to_string()),
                    id: Err("no value supplied for id".to_string()),
                    include_delivered: Err("no value supplied for include_delivered".to_string()),
                    processed: Err("no value supplied for processed".to_string()),
                    resent: Err("no value supplied for resent".to_string()),
                    since: Err("no value supplied for since".to_string()),
                    started_at: Err("no value supplied for started_at".to_string()),
                    status: Err("no value supplied for status".to_string()),
                    total: Err("no value supplied for total".to_string()),
                    until: Err("no value supplied for until".to_string()),
                    updated_at: Err("no value supplied for updated_at".to_string()),
                }
            }
        }

        impl RecoveryJob {
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn endpoint_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.endpoint_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for endpoint_id: {e}"));
                self
            }
            pub fn error<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.error =
                    value.try_into().map_err(|e| format!("error converting supplied value for error: {e}"));
                self
            }
            pub fn finished_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.finished_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for finished_at: {e}"));
                self
            }
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn include_delivered<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.include_delivered = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for include_delivered: {e}"));
                self
            }
            pub fn processed<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<u64>,
                T::Error: ::std::fmt::Display,
            {
                self.processed = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for processed: {e}"));
                self
            }
            pub fn resent<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<u64>,
                T::Error: ::std::fmt::Display,
            {
                self.resent =
                    value.try_into().map_err(|e| format!("error converting supplied value for resent: {e}"));
                self
            }
            pub fn since<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.since =
                    value.try_into().map_err(|e| format!("error converting supplied value for since: {e}"));
                self
            }
            pub fn started_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.started_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for started_at: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::RecoveryJobStatus>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
            pub fn total<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<u64>,
                T::Error: ::std::fmt::Display,
            {
                self.total =
                    value.try_into().map_err(|e| format!("error converting supplied value for total: {e}"));
                self
            }
            pub fn until<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.until =
                    value.try_into().map_err(|e| format!("error converting supplied value for until: {e}"));
                self
            }
            pub fn updated_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.updated_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for updated_at: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<RecoveryJob> for super::RecoveryJob {
            type Error = super::error::ConversionError;
            fn try_from(value: RecoveryJob) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    created_at: value.created_at?,
                    endpoint_id: value.endpoint_id?,
                    error: value.error?,
                    finished_at: value.finished_at?,
                    id: value.id?,
                    include_delivered: value.include_delivered?,
                    processed: value.processed?,
                    resent: value.resent?,
                    since: value.since?,
                    started_at: value.started_at?,
                    status: value.status?,
                    total: value.total?,
                    until: value.until?,
                    updated_at: value.updated_at?,
                })
            }
        }

        impl ::std::convert::From<super::RecoveryJob> for RecoveryJob {
            fn from(value: super::RecoveryJob) -> Self {
                Self {
                    created_at: Ok(value.created_at),
                    endpoint_id: Ok(value.endpoint_id),
                    error: Ok(value.error),
                    finished_at: Ok(value.finished_at),
                    id: Ok(value.id),
                    include_delivered: Ok(value.include_delivered),
                    processed: Ok(value.processed),
                    resent: Ok(value.resent),
                    since: Ok(value.since),
                    started_at: Ok(value.started_at),
                    status: Ok(value.status),
                    total: Ok(value.total),
                    until: Ok(value.until),
                    updated_at: Ok(value.updated_at),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct RotatedSecret {
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            secret: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for RotatedSecret {
            fn default() -> Self {
                Self {
                    id: Err("no value supplied for id".to_string()),
                    secret: Err("no value supplied for secret".to_string()),
                }
            }
        }

        impl RotatedSecret {
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn secret<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.secret =
                    value.try_into().map_err(|e| format!("error converting supplied value for secret: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<RotatedSecret> for super::RotatedSecret {
            type Error = super::error::ConversionError;
            fn try_from(value: RotatedSecret) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { id: value.id?, secret: value.secret? })
            }
        }

        impl ::std::convert::From<super::RotatedSecret> for RotatedSecret {
            fn from(value: super::RotatedSecret) -> Self {
                Self { id: Ok(value.id), secret: Ok(value.secret) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Webhook {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuth>, ::std::string::String>,
            client_certificate:
                ::std::result::Result<::std::option::Option<super::ClientCertificate>, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            disabled: ::std::result::Result<bool, ::std::string::String>,
            disabled_reason:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            event_types: ::std::result::Result<::std::vec::Vec<::std::string::String>, ::std::string::String>,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers: ::std::result::Result<super::EndpointHeaders, ::std::string::String>,
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
            updated_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            url: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for Webhook {
            fn default() -> Self {
                Self {
                    auth: Err("no value supplied for auth".to_string()),
                    client_certificate: Err("no value supplied for client_certificate".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    disabled: Err("no value supplied for disabled".to_string()),
                    disabled_reason: Err("no value supplied for disabled_reason".to_string()),
                    event_types: Err("no value supplied for event_types".to_string()),
                    filter: Err("no value supplied for filter".to_string()),
                    headers: Err("no value supplied for headers".to_string()),
                    id: Err("no value supplied for id".to_string()),
                    rate_limit: Err("no value supplied for rate_limit".to_string()),
                    updated_at: Err("no value supplied for updated_at".to_string()),
                    url: Err("no value supplied for url".to_string()),
                }
            }
        }

        impl Webhook {
            pub fn auth<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointAuth>>,
                T::Error: ::std::fmt::Display,
            {
                self.auth =
                    value.try_into().map_err(|e| format!("error converting supplied value for auth: {e}"));
                self
            }
            pub fn client_certificate<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ClientCertificate>>,
                T::Error: ::std::fmt::Display,
            {
                self.client_certificate = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for client_certificate: {e}"));
                self
            }
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn disabled<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<bool>,
                T::Error: ::std::fmt::Display,
            {
                self.disabled = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for disabled: {e}"));
                self
            }
            pub fn disabled_reason<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.disabled_reason = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for disabled_reason: {e}"));
                self
            }
            pub fn event_types<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::vec::Vec<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.event_types = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_types: {e}"));
                self
            }
            pub fn filter<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ContentFilter>>,
                T::Error: ::std::fmt::Display,
            {
                self.filter =
                    value.try_into().map_err(|e| format!("error converting supplied value for filter: {e}"));
                self
            }
            pub fn headers<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::EndpointHeaders>,
                T::Error: ::std::fmt::Display,
            {
                self.headers =
                    value.try_into().map_err(|e| format!("error converting supplied value for headers: {e}"));
                self
            }
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn rate_limit<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::num::NonZeroU64>>,
                T::Error: ::std::fmt::Display,
            {
                self.rate_limit = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for rate_limit: {e}"));
                self
            }
            pub fn updated_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.updated_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for updated_at: {e}"));
                self
            }
            pub fn url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.url =
                    value.try_into().map_err(|e| format!("error converting supplied value for url: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Webhook> for super::Webhook {
            type Error = super::error::ConversionError;
            fn try_from(value: Webhook) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    created_at: value.created_at?,
                    disabled: value.disabled?,
                    disabled_reason: value.disabled_reason?,
                    event_types: value.event_types?,
                    filter: value.filter?,
                    headers: value.headers?,
                    id: value.id?,
                    rate_limit: value.rate_limit?,
                    updated_at: value.updated_at?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::Webhook> for Webhook {
            fn from(value: super::Webhook) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    created_at: Ok(value.created_at),
                    disabled: Ok(value.disabled),
                    disabled_reason: Ok(value.disabled_reason),
                    event_types: Ok(value.event_types),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    id: Ok(value.id),
                    rate_limit: Ok(value.rate_limit),
                    updated_at: Ok(value.updated_at),
                    url: Ok(value.url),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct WebhookCreated {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuth>, ::std::string::String>,
            client_certificate:
                ::std::result::Result<::std::option::Option<super::ClientCertificate>, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            event_types: ::std::result::Result<::std::vec::Vec<::std::string::String>, ::std::string::String>,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers:
                ::std::result::Result<::std::option::Option<super::EndpointHeaders>, ::std::string::String>,
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
            secret: ::std::result::Result<::std::string::String, ::std::string::String>,
            url: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for WebhookCreated {
            fn default() -> Self {
                Self {
                    auth: Ok(Default::default()),
                    client_certificate: Ok(Default::default()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    event_types: Err("no value supplied for event_types".to_string()),
                    filter: Ok(Default::default()),
                    headers: Ok(Default::default()),
                    id: Err("no value supplied for id".to_string()),
                    rate_limit: Ok(Default::default()),
                    secret: Err("no value supplied for secret".to_string()),
                    url: Err("no value supplied for url".to_string()),
                }
            }
        }

        impl WebhookCreated {
            pub fn auth<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointAuth>>,
                T::Error: ::std::fmt::Display,
            {
                self.auth =
                    value.try_into().map_err(|e| format!("error converting supplied value for auth: {e}"));
                self
            }
            pub fn client_certificate<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ClientCertificate>>,
                T::Error: ::std::fmt::Display,
            {
                self.client_certificate = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for client_certificate: {e}"));
                self
            }
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn event_types<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::vec::Vec<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.event_types = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_types: {e}"));
                self
            }
            pub fn filter<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ContentFilter>>,
                T::Error: ::std::fmt::Display,
            {
                self.filter =
                    value.try_into().map_err(|e| format!("error converting supplied value for filter: {e}"));
                self
            }
            pub fn headers<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointHeaders>>,
                T::Error: ::std::fmt::Display,
            {
                self.headers =
                    value.try_into().map_err(|e| format!("error converting supplied value for headers: {e}"));
                self
            }
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn rate_limit<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::num::NonZeroU64>>,
                T::Error: ::std::fmt::Display,
            {
                self.rate_limit = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for rate_limit: {e}"));
                self
            }
            pub fn secret<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.secret =
                    value.try_into().map_err(|e| format!("error converting supplied value for secret: {e}"));
                self
            }
            pub fn url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.url =
                    value.try_into().map_err(|e| format!("error converting supplied value for url: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<WebhookCreated> for super::WebhookCreated {
            type Error = super::error::ConversionError;
            fn try_from(value: WebhookCreated) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    created_at: value.created_at?,
                    event_types: value.event_types?,
                    filter: value.filter?,
                    headers: value.headers?,
                    id: value.id?,
                    rate_limit: value.rate_limit?,
                    secret: value.secret?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::WebhookCreated> for WebhookCreated {
            fn from(value: super::WebhookCreated) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    created_at: Ok(value.created_at),
                    event_types: Ok(value.event_types),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    id: Ok(value.id),
                    rate_limit: Ok(value.rate_limit),
                    secret: Ok(value.secret),
                    url: Ok(value.url),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct WebhookIn {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuthIn>, ::std::string::String>,
            client_certificate: ::std::result::Result<
                ::std::option::Option<super::ClientCertificateIn>,
                ::std::string::String,
            >,
            event_types: ::std::result::Result<
                ::std::option::Option<::std::vec::Vec<::std::string::String>>,
                ::std::string::String,
            >,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers:
                ::std::result::Result<::std::option::Option<super::EndpointHeaders>, ::std::string::String>,
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
            url: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for WebhookIn {
            fn default() -> Self {
                Self {
                    auth: Ok(Default::default()),
                    client_certificate: Ok(Default::default()),
                    event_types: Ok(Default::default()),
                    filter: Ok(Default::default()),
                    headers: Ok(Default::default()),
                    rate_limit: Ok(Default::default()),
                    url: Err("no value supplied for url".to_string()),
                }
            }
        }

        impl WebhookIn {
            pub fn auth<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointAuthIn>>,
                T::Error: ::std::fmt::Display,
            {
                self.auth =
                    value.try_into().map_err(|e| format!("error converting supplied value for auth: {e}"));
                self
            }
            pub fn client_certificate<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ClientCertificateIn>>,
                T::Error: ::std::fmt::Display,
            {
                self.client_certificate = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for client_certificate: {e}"));
                self
            }
            pub fn event_types<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::vec::Vec<::std::string::String>>>,
                T::Error: ::std::fmt::Display,
            {
                self.event_types = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_types: {e}"));
                self
            }
            pub fn filter<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ContentFilter>>,
                T::Error: ::std::fmt::Display,
            {
                self.filter =
                    value.try_into().map_err(|e| format!("error converting supplied value for filter: {e}"));
                self
            }
            pub fn headers<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointHeaders>>,
                T::Error: ::std::fmt::Display,
            {
                self.headers =
                    value.try_into().map_err(|e| format!("error converting supplied value for headers: {e}"));
                self
            }
            pub fn rate_limit<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::num::NonZeroU64>>,
                T::Error: ::std::fmt::Display,
            {
                self.rate_limit = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for rate_limit: {e}"));
                self
            }
            pub fn url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.url =
                    value.try_into().map_err(|e| format!("error converting supplied value for url: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<WebhookIn> for super::WebhookIn {
            type Error = super::error::ConversionError;
            fn try_from(value: WebhookIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    event_types: value.event_types?,
                    filter: value.filter?,
                    headers: value.headers?,
                    rate_limit: value.rate_limit?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::WebhookIn> for WebhookIn {
            fn from(value: super::WebhookIn) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    event_types: Ok(value.event_types),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    rate_limit: Ok(value.rate_limit),
                    url: Ok(value.url),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct WebhookPatch {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuthIn>, ::std::string::String>,
            client_certificate: ::std::result::Result<
                ::std::option::Option<super::ClientCertificateIn>,
                ::std::string::String,
            >,
            disabled: ::std::result::Result<::std::option::Option<bool>, ::std::string::String>,
            event_types: ::std::result::Result<
                ::std::option::Option<::std::vec::Vec<::std::string::String>>,
                ::std::string::String,
            >,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers:
                ::std::result::Result<::std::option::Option<super::EndpointHeaders>, ::std::string::String>,
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
            url: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
        }

        impl ::std::default::Default for WebhookPatch {
            fn default() -> Self {
                Self {
                    auth: Ok(Default::default()),
                    client_certificate: Ok(Default::default()),
                    disabled: Ok(Default::default()),
                    event_types: Ok(Default::default()),
                    filter: Ok(Default::default()),
                    headers: Ok(Default::default()),
                    rate_limit: Ok(Default::default()),
                    url: Ok(Default::default()),
                }
            }
        }

        impl WebhookPatch {
            pub fn auth<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointAuthIn>>,
                T::Error: ::std::fmt::Display,
            {
                self.auth =
                    value.try_into().map_err(|e| format!("error converting supplied value for auth: {e}"));
                self
            }
            pub fn client_certificate<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ClientCertificateIn>>,
                T::Error: ::std::fmt::Display,
            {
                self.client_certificate = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for client_certificate: {e}"));
                self
            }
            pub fn disabled<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<bool>>,
                T::Error: ::std::fmt::Display,
            {
                self.disabled = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for disabled: {e}"));
                self
            }
            pub fn event_types<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::vec::Vec<::std::string::String>>>,
                T::Error: ::std::fmt::Display,
            {
                self.event_types = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_types: {e}"));
                self
            }
            pub fn filter<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::ContentFilter>>,
                T::Error: ::std::fmt::Display,
            {
                self.filter =
                    value.try_into().map_err(|e| format!("error converting supplied value for filter: {e}"));
                self
            }
            pub fn headers<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointHeaders>>,
                T::Error: ::std::fmt::Display,
            {
                self.headers =
                    value.try_into().map_err(|e| format!("error converting supplied value for headers: {e}"));
                self
            }
            pub fn rate_limit<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::num::NonZeroU64>>,
                T::Error: ::std::fmt::Display,
            {
                self.rate_limit = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for rate_limit: {e}"));
                self
            }
            pub fn url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.url =
                    value.try_into().map_err(|e| format!("error converting supplied value for url: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<WebhookPatch> for super::WebhookPatch {
            type Error = super::error::ConversionError;
            fn try_from(value: WebhookPatch) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    disabled: value.disabled?,
                    event_types: value.event_types?,
                    filter: value.filter?,
                    headers: value.headers?,
                    rate_limit: value.rate_limit?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::WebhookPatch> for WebhookPatch {
            fn from(value: super::WebhookPatch) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    disabled: Ok(value.disabled),
                    event_types: Ok(value.event_types),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    rate_limit: Ok(value.rate_limit),
                    url: Ok(value.url),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Workspace {
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            name: ::std::result::Result<::std::string::String, ::std::string::String>,
            workspace_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
        }

        impl ::std::default::Default for Workspace {
            fn default() -> Self {
                Self {
                    created_at: Err("no value supplied for created_at".to_string()),
                    name: Err("no value supplied for name".to_string()),
                    workspace_id: Err("no value supplied for workspace_id".to_string()),
                }
            }
        }

        impl Workspace {
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn workspace_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.workspace_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for workspace_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Workspace> for super::Workspace {
            type Error = super::error::ConversionError;
            fn try_from(value: Workspace) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    created_at: value.created_at?,
                    name: value.name?,
                    workspace_id: value.workspace_id?,
                })
            }
        }

        impl ::std::convert::From<super::Workspace> for Workspace {
            fn from(value: super::Workspace) -> Self {
                Self {
                    created_at: Ok(value.created_at),
                    name: Ok(value.name),
                    workspace_id: Ok(value.workspace_id),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct WorkspaceCreated {
            api_key: ::std::result::Result<::std::string::String, ::std::string::String>,
            api_key_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            name: ::std::result::Result<::std::string::String, ::std::string::String>,
            workspace_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
        }

        impl ::std::default::Default for WorkspaceCreated {
            fn default() -> Self {
                Self {
                    api_key: Err("no value supplied for api_key".to_string()),
                    api_key_id: Err("no value supplied for api_key_id".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    name: Err("no value supplied for name".to_string()),
                    workspace_id: Err("no value supplied for workspace_id".to_string()),
                }
            }
        }

        impl WorkspaceCreated {
            pub fn api_key<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.api_key =
                    value.try_into().map_err(|e| format!("error converting supplied value for api_key: {e}"));
                self
            }
            pub fn api_key_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.api_key_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for api_key_id: {e}"));
                self
            }
            pub fn created_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
                T::Error: ::std::fmt::Display,
            {
                self.created_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for created_at: {e}"));
                self
            }
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
            pub fn workspace_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.workspace_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for workspace_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<WorkspaceCreated> for super::WorkspaceCreated {
            type Error = super::error::ConversionError;
            fn try_from(
                value: WorkspaceCreated,
            ) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    api_key: value.api_key?,
                    api_key_id: value.api_key_id?,
                    created_at: value.created_at?,
                    name: value.name?,
                    workspace_id: value.workspace_id?,
                })
            }
        }

        impl ::std::convert::From<super::WorkspaceCreated> for WorkspaceCreated {
            fn from(value: super::WorkspaceCreated) -> Self {
                Self {
                    api_key: Ok(value.api_key),
                    api_key_id: Ok(value.api_key_id),
                    created_at: Ok(value.created_at),
                    name: Ok(value.name),
                    workspace_id: Ok(value.workspace_id),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct WorkspaceIn {
            name: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for WorkspaceIn {
            fn default() -> Self {
                Self { name: Err("no value supplied for name".to_string()) }
            }
        }

        impl WorkspaceIn {
            pub fn name<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.name =
                    value.try_into().map_err(|e| format!("error converting supplied value for name: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<WorkspaceIn> for super::WorkspaceIn {
            type Error = super::error::ConversionError;
            fn try_from(value: WorkspaceIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { name: value.name? })
            }
        }

        impl ::std::convert::From<super::WorkspaceIn> for WorkspaceIn {
            fn from(value: super::WorkspaceIn) -> Self {
                Self { name: Ok(value.name) }
            }
        }
    }

    /// Error types.
    pub mod error {
        /// Error from a `TryFrom` or `FromStr` implementation.
        pub struct ConversionError(::std::borrow::Cow<'static, str>);
        impl ::std::error::Error for ConversionError {}
        impl ::std::fmt::Display for ConversionError {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> Result<(), ::std::fmt::Error> {
                ::std::fmt::Display::fmt(&self.0, f)
            }
        }

        impl ::std::fmt::Debug for ConversionError {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> Result<(), ::std::fmt::Error> {
                ::std::fmt::Debug::fmt(&self.0, f)
            }
        }

        impl From<&'static str> for ConversionError {
            fn from(value: &'static str) -> Self {
                Self(value.into())
            }
        }

        impl From<String> for ConversionError {
            fn from(value: String) -> Self {
                Self(value.into())
            }
        }
    }
}

#[derive(Clone, Debug)]
///Client for campaign-api
///
///Versioned event webhooks for the campaign service. Every route but `GET
/// /openapi.json` needs `Authorization: Bearer <apiKey>`. Every error body is
/// `{"code", "detail"}`. Besides the responses listed per operation, an unknown
/// path answers `404 not_found` and a known path with another method `405
/// method_not_allowed` (components/responses/MethodNotAllowed), both without
/// authentication. Reference: docs/campaign-api.md; event types:
/// docs/events.md.
///
///Version: 0.1.0
pub struct Client {
    pub(crate) baseurl: String,
    pub(crate) client: reqwest::Client,
}

impl Client {
    /// Create a new client.
    ///
    /// `baseurl` is the base URL provided to the internal
    /// `reqwest::Client`, and should include a scheme and hostname,
    /// as well as port and a path stem if applicable.
    pub fn new(baseurl: &str) -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        let client = {
            let dur = ::std::time::Duration::from_secs(15u64);
            reqwest::ClientBuilder::new().connect_timeout(dur).timeout(dur)
        };
        #[cfg(target_arch = "wasm32")]
        let client = reqwest::ClientBuilder::new();
        Self::new_with_client(baseurl, client.build().unwrap())
    }

    /// Construct a new client with an existing `reqwest::Client`,
    /// allowing more control over its configuration.
    ///
    /// `baseurl` is the base URL provided to the internal
    /// `reqwest::Client`, and should include a scheme and hostname,
    /// as well as port and a path stem if applicable.
    pub fn new_with_client(baseurl: &str, client: reqwest::Client) -> Self {
        Self { baseurl: baseurl.to_string(), client }
    }
}

impl ClientInfo<()> for Client {
    fn api_version() -> &'static str {
        "0.1.0"
    }

    fn baseurl(&self) -> &str {
        self.baseurl.as_str()
    }

    fn client(&self) -> &reqwest::Client {
        &self.client
    }

    fn inner(&self) -> &() {
        &()
    }
}

impl ClientHooks<()> for &Client {}
impl Client {
    ///List the workspace's endpoints
    ///
    ///Sends a `GET` request to `/api/v1/webhooks`
    ///
    ///Arguments:
    /// - `after`: Keyset cursor, opaque: the `after` of the previous page's
    ///   `Link` header (its last endpoint); answers the endpoints after it,
    ///   newer. Not such a cursor: `422 invalid_cursor`.
    /// - `limit`: Opt-in paging (an extension): with `limit` (1 to 100) or
    ///   `after`, the answer is a page of at most `limit` endpoints (default
    ///   20), oldest first, and a `Link` header names the next. Without either,
    ///   every endpoint. Anything else (`0`, `101`, `1.5`, `abc`, empty) is
    ///   `422 invalid_limit`.
    ///```ignore
    /// let response = client.list_webhooks()
    ///    .after(after)
    ///    .limit(limit)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_webhooks(&self) -> builder::ListWebhooks<'_> {
        builder::ListWebhooks::new(self)
    }

    ///Register an endpoint
    ///
    ///Sends a `POST` request to `/api/v1/webhooks`
    ///
    ///Arguments:
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    /// - `body`
    ///```ignore
    /// let response = client.create_webhook()
    ///    .idempotency_key(idempotency_key)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn create_webhook(&self) -> builder::CreateWebhook<'_> {
        builder::CreateWebhook::new(self)
    }

    ///Read an endpoint
    ///
    ///Sends a `GET` request to `/api/v1/webhooks/{id}`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.get_webhook()
    ///    .id(id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_webhook(&self) -> builder::GetWebhook<'_> {
        builder::GetWebhook::new(self)
    }

    ///Delete an endpoint
    ///
    ///Sends a `DELETE` request to `/api/v1/webhooks/{id}`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.delete_webhook()
    ///    .id(id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn delete_webhook(&self) -> builder::DeleteWebhook<'_> {
        builder::DeleteWebhook::new(self)
    }

    ///Change an endpoint's URL, type filter or disabled state
    ///
    ///Sends a `PATCH` request to `/api/v1/webhooks/{id}`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `body`
    ///```ignore
    /// let response = client.update_webhook()
    ///    .id(id)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn update_webhook(&self) -> builder::UpdateWebhook<'_> {
        builder::UpdateWebhook::new(self)
    }

    ///Replace an endpoint's signing secret (an extension of the spec)
    ///
    ///The new secret signs every attempt from now on and is returned only
    /// here, like the one returned at creation. The request body, if any, is
    /// ignored.
    ///
    ///Sends a `POST` request to `/api/v1/webhooks/{id}/rotate-secret`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    ///```ignore
    /// let response = client.rotate_webhook_secret()
    ///    .id(id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn rotate_webhook_secret(&self) -> builder::RotateWebhookSecret<'_> {
        builder::RotateWebhookSecret::new(self)
    }

    ///The endpoint's recovery jobs, newest first (the last 100)
    ///
    ///Sends a `GET` request to `/api/v1/webhooks/{id}/recoveries`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.list_recoveries()
    ///    .id(id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_recoveries(&self) -> builder::ListRecoveries<'_> {
        builder::ListRecoveries::new(self)
    }

    ///Count, or start a job that re-sends, the endpoint's failed deliveries of
    /// a time window (an extension of the spec)
    ///
    ///Re-sends every delivery of this endpoint created in `[since, until)`
    /// that is `retrying` or `dead` now, that is, never delivered since (with
    /// `includeDelivered`, delivered ones too), keeping each delivery's id and
    /// event id. `dryRun: true` only counts them (200). Otherwise a job is
    /// queued (202, `Location`) and worked through in batches of 200, oldest
    /// first, with no cap on the total; it survives restarts without re-sending
    /// twice. The window spans at most 90 days and may not end in the future.
    /// One active (queued or running) job per endpoint: a second answers `409
    /// recovery_already_active` with `activeRecoveryId`. Reference:
    /// docs/campaign-api.md 8.5.
    ///
    ///Sends a `POST` request to `/api/v1/webhooks/{id}/recoveries`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    /// - `body`
    ///```ignore
    /// let response = client.start_recovery()
    ///    .id(id)
    ///    .idempotency_key(idempotency_key)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn start_recovery(&self) -> builder::StartRecovery<'_> {
        builder::StartRecovery::new(self)
    }

    ///One recovery job: status and progress
    ///
    ///Sends a `GET` request to `/api/v1/webhooks/{id}/recoveries/{recoveryId}`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `recovery_id`: The recovery job's id (a UUID). Any other value, or a
    ///   job of another endpoint, answers `404 not_found`, like an unknown id.
    ///```ignore
    /// let response = client.get_recovery()
    ///    .id(id)
    ///    .recovery_id(recovery_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_recovery(&self) -> builder::GetRecovery<'_> {
        builder::GetRecovery::new(self)
    }

    ///Cancel a queued or running recovery job
    ///
    ///What the job re-sent stays re-sent; it re-sends nothing more. The
    /// request body, if any, is ignored.
    ///
    ///Sends a `POST` request to
    /// `/api/v1/webhooks/{id}/recoveries/{recoveryId}/cancel`
    ///
    ///Arguments:
    /// - `id`: The webhook id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `recovery_id`: The recovery job's id (a UUID). Any other value, or a
    ///   job of another endpoint, answers `404 not_found`, like an unknown id.
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    ///```ignore
    /// let response = client.cancel_recovery()
    ///    .id(id)
    ///    .recovery_id(recovery_id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn cancel_recovery(&self) -> builder::CancelRecovery<'_> {
        builder::CancelRecovery::new(self)
    }

    ///List deliveries, newest first
    ///
    ///Sends a `GET` request to `/api/v1/webhook-deliveries`
    ///
    ///Arguments:
    /// - `after`: Keyset cursor, opaque (an extension of the spec): the `after`
    ///   of the previous page's `Link` header (the position of its last entry);
    ///   answers the entries after it, older. Not such a cursor: `422
    ///   invalid_cursor`.
    /// - `created_before`: Only deliveries created strictly before this time
    ///   (RFC 3339; an extension of the spec). Not a timestamp: `422
    ///   invalid_query`.
    /// - `created_from`: Only deliveries created at or after this time (RFC
    ///   3339; an extension of the spec). Not a timestamp: `422 invalid_query`.
    /// - `endpoint_id`: Only this endpoint's deliveries; not a UUID is `422
    ///   invalid_endpoint_id`.
    /// - `event_type`: Only deliveries of this catalog type, with its version
    ///   (`campaign.created.v1`; an extension of the spec). Not in the catalog:
    ///   `422 unknown_event_type`.
    /// - `limit`: 1 to 250, default 50; anything else is `422 invalid_limit`.
    /// - `status`: Only deliveries in this state; anything else is `422
    ///   invalid_status`.
    ///```ignore
    /// let response = client.list_deliveries()
    ///    .after(after)
    ///    .created_before(created_before)
    ///    .created_from(created_from)
    ///    .endpoint_id(endpoint_id)
    ///    .event_type(event_type)
    ///    .limit(limit)
    ///    .status(status)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_deliveries(&self) -> builder::ListDeliveries<'_> {
        builder::ListDeliveries::new(self)
    }

    ///Read a delivery with its attempts
    ///
    ///Sends a `GET` request to `/api/v1/webhook-deliveries/{id}`
    ///
    ///Arguments:
    /// - `id`: The delivery id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.get_delivery()
    ///    .id(id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_delivery(&self) -> builder::GetDelivery<'_> {
        builder::GetDelivery::new(self)
    }

    ///Send a delivery again now, with the same delivery id
    ///
    ///A dead or delivered delivery gets one attempt; one awaiting retry is
    /// brought forward; one in flight is left to finish. The request body, if
    /// any, is ignored.
    ///
    ///Sends a `POST` request to `/api/v1/webhook-deliveries/{id}/replay`
    ///
    ///Arguments:
    /// - `id`: The delivery id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    ///```ignore
    /// let response = client.replay_delivery()
    ///    .id(id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn replay_delivery(&self) -> builder::ReplayDelivery<'_> {
        builder::ReplayDelivery::new(self)
    }

    ///The workspace's campaigns, newest first (an extension of the spec)
    ///
    ///Sends a `GET` request to `/api/v1/campaigns`
    ///
    ///Arguments:
    /// - `after`: Keyset cursor, opaque: the `after` of the previous page's
    ///   `Link` header (the position of its last campaign); answers the
    ///   campaigns after it, older. Not such a cursor: `422 invalid_cursor`.
    /// - `limit`: 1 to 250, default 50, as in the delivery log. Anything else
    ///   is `422 invalid_limit`.
    ///```ignore
    /// let response = client.list_campaigns()
    ///    .after(after)
    ///    .limit(limit)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_campaigns(&self) -> builder::ListCampaigns<'_> {
        builder::ListCampaigns::new(self)
    }

    ///Create a campaign; emits `campaign.created.v1`
    ///
    ///Sends a `POST` request to `/api/v1/campaigns`
    ///
    ///Arguments:
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    /// - `body`
    ///```ignore
    /// let response = client.create_campaign()
    ///    .idempotency_key(idempotency_key)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn create_campaign(&self) -> builder::CreateCampaign<'_> {
        builder::CreateCampaign::new(self)
    }

    ///Read a campaign
    ///
    ///Sends a `GET` request to `/api/v1/campaigns/{id}`
    ///
    ///Arguments:
    /// - `id`: The campaign id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.get_campaign()
    ///    .id(id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_campaign(&self) -> builder::GetCampaign<'_> {
        builder::GetCampaign::new(self)
    }

    ///Rename a campaign or change its status
    ///
    ///Sends a `PATCH` request to `/api/v1/campaigns/{id}`
    ///
    ///Arguments:
    /// - `id`: The campaign id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `body`
    ///```ignore
    /// let response = client.update_campaign()
    ///    .id(id)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn update_campaign(&self) -> builder::UpdateCampaign<'_> {
        builder::UpdateCampaign::new(self)
    }

    ///Publish a catalog event
    ///
    ///Sends a `POST` request to `/api/v1/events`
    ///
    ///Arguments:
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    /// - `body`
    ///```ignore
    /// let response = client.publish_event()
    ///    .idempotency_key(idempotency_key)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn publish_event(&self) -> builder::PublishEvent<'_> {
        builder::PublishEvent::new(self)
    }

    ///The event catalog, with each type's payload schema (extension)
    ///
    ///Every event type the service delivers, in catalog order, with its
    /// payload's JSON Schema and an example payload. The catalog is the same
    /// for every workspace; the API key is required as on every route.
    /// Reference: docs/campaign-api.md 7.2, docs/events.md.
    ///
    ///Sends a `GET` request to `/api/v1/event-types`
    ///
    ///```ignore
    /// let response = client.list_event_types()
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_event_types(&self) -> builder::ListEventTypes<'_> {
        builder::ListEventTypes::new(self)
    }

    ///One event type, with its payload schema (extension)
    ///
    ///The catalog is the same for every workspace; the API key is required as
    /// on every route. Reference: docs/campaign-api.md 7.2.
    ///
    ///Sends a `GET` request to `/api/v1/event-types/{name}`
    ///
    ///Arguments:
    /// - `name`: The type's name with its version suffix. A name not in the
    ///   catalog answers `404 not_found`.
    ///```ignore
    /// let response = client.get_event_type()
    ///    .name(name)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_event_type(&self) -> builder::GetEventType<'_> {
        builder::GetEventType::new(self)
    }

    ///Open a listen session and stream its deliveries (Server-Sent Events)
    ///
    ///An extension for developers (the `listen` subcommand; docs/receiving.md
    /// "Listen on your laptop"). The request must send `Accept:
    /// text/event-stream`. A new session is a temporary endpoint of the
    /// workspace (filtered by `events`, with a signing secret of its own, shown
    /// once in the `session` event); its deliveries are sent down this stream
    /// as `delivery` events (`deliveryId`, `eventType`, `attempt`,
    /// `replyToken`, `headers` as `[name, value]` pairs, `body` in base64) and
    /// answered with `POST /api/v1/listen/{sessionId}/replies`. A comment line
    /// (`: ping`) every 2 s keeps the stream alive; an `end` event closes it.
    /// With `session`, the stream takes an existing session again and its
    /// waiting deliveries are sent at once. A session expires
    /// `LISTEN_SESSION_TTL` after its stream was last seen; a workspace has at
    /// most `LISTEN_MAX_SESSIONS` live ones. Listen sessions are not listed by
    /// the endpoint list.
    ///
    ///Sends a `GET` request to `/api/v1/listen`
    ///
    ///Arguments:
    /// - `events`: Comma-separated event types to receive (catalog types);
    ///   every type when absent. Ignored with `session`.
    /// - `filter`: A content filter as JSON (URL-encoded), as an endpoint's
    ///   `filter`: only matching events arrive. Refused as an endpoint's is
    ///   (`422 invalid_filter`, `unknown_filter_field`). Ignored with
    ///   `session`.
    /// - `session`: Take this session again (after the stream dropped).
    ///```ignore
    /// let response = client.listen()
    ///    .events(events)
    ///    .filter(filter)
    ///    .session(session)
    ///    .send()
    ///    .await;
    /// ```
    pub fn listen(&self) -> builder::Listen<'_> {
        builder::Listen::new(self)
    }

    ///End a listen session
    ///
    ///Its endpoint is deleted, its open deliveries end as dead (`listen
    /// session ended`), and its stream ends. The `listen` CLI calls this on
    /// Ctrl-C.
    ///
    ///Sends a `DELETE` request to `/api/v1/listen/{sessionId}`
    ///
    ///Arguments:
    /// - `session_id`: The listen session id (a UUID; also its endpoint's id in
    ///   the delivery log). Any other value, or another workspace's session,
    ///   answers `404 not_found`.
    ///```ignore
    /// let response = client.end_listen_session()
    ///    .session_id(session_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn end_listen_session(&self) -> builder::EndListenSession<'_> {
        builder::EndListenSession::new(self)
    }

    ///Report the local answer to a streamed delivery
    ///
    ///Recorded as the attempt's outcome, as an endpoint's HTTP answer is: a
    /// 2xx `status` without `error` delivers it, anything else is a failed
    /// attempt retried on the service's schedule. Any API process takes it.
    ///
    ///Sends a `POST` request to `/api/v1/listen/{sessionId}/replies`
    ///
    ///Arguments:
    /// - `session_id`: The listen session id (a UUID; also its endpoint's id in
    ///   the delivery log). Any other value, or another workspace's session,
    ///   answers `404 not_found`.
    /// - `idempotency_key`: Optional on every POST. The first answer (other
    ///   than a 5xx) to a key is stored for 24 hours, scoped to the
    ///   `Authorization` header, and replayed (with `Idempotent-Replayed:
    ///   true`) for a repeat of the same method, path and body. The same key
    ///   with another request is `422 idempotency_key_reused`; a repeat while
    ///   the first is still running is `409 idempotency_request_in_progress`; a
    ///   key that is not 1 to 255 visible ASCII characters is `422
    ///   invalid_idempotency_key`.
    /// - `body`
    ///```ignore
    /// let response = client.reply_to_listen_delivery()
    ///    .session_id(session_id)
    ///    .idempotency_key(idempotency_key)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn reply_to_listen_delivery(&self) -> builder::ReplyToListenDelivery<'_> {
        builder::ReplyToListenDelivery::new(self)
    }

    ///This OpenAPI document of campaign-api
    ///
    ///Sends a `GET` request to `/openapi.json`
    ///
    ///```ignore
    /// let response = client.get_open_api()
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_open_api(&self) -> builder::GetOpenApi<'_> {
        builder::GetOpenApi::new(self)
    }

    ///List every workspace
    ///
    ///Oldest first, as a bare array; with `limit` or `after`, one page of
    /// them.
    ///
    ///Sends a `GET` request to `/operator/v1/workspaces`
    ///
    ///Arguments:
    /// - `after`: Keyset cursor, opaque: the `after` of the previous page's
    ///   `Link` header (its last workspace); answers the workspaces after it,
    ///   newer. Not such a cursor: `422 invalid_cursor`.
    /// - `limit`: Opt-in paging: with `limit` (1 to 250) or `after`, the answer
    ///   is a page of at most `limit` workspaces (default 50), oldest first,
    ///   and a `Link` header names the next. Without either, every workspace.
    ///   Anything else (`0`, `251`, `1.5`, `abc`, empty) is `422
    ///   invalid_limit`.
    ///```ignore
    /// let response = client.list_workspaces()
    ///    .after(after)
    ///    .limit(limit)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_workspaces(&self) -> builder::ListWorkspaces<'_> {
        builder::ListWorkspaces::new(self)
    }

    ///Create a workspace and its first API key
    ///
    ///The `create-workspace` command does the same.
    ///
    ///Sends a `POST` request to `/operator/v1/workspaces`
    ///
    ///```ignore
    /// let response = client.create_workspace()
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn create_workspace(&self) -> builder::CreateWorkspace<'_> {
        builder::CreateWorkspace::new(self)
    }

    ///List a workspace's API keys
    ///
    ///Live and revoked, oldest first; never a key itself.
    ///
    ///Sends a `GET` request to
    /// `/operator/v1/workspaces/{workspaceId}/api-keys`
    ///
    ///Arguments:
    /// - `workspace_id`: The workspace's id. Not a UUID, or unknown: `404
    ///   not_found`.
    ///```ignore
    /// let response = client.list_api_keys()
    ///    .workspace_id(workspace_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_api_keys(&self) -> builder::ListApiKeys<'_> {
        builder::ListApiKeys::new(self)
    }

    ///Add an API key to a workspace
    ///
    ///The `create-api-key` command does the same. Keys of a workspace all work
    /// until revoked, so a key can be rotated without a gap.
    ///
    ///Sends a `POST` request to
    /// `/operator/v1/workspaces/{workspaceId}/api-keys`
    ///
    ///Arguments:
    /// - `workspace_id`: The workspace's id. Not a UUID, or unknown: `404
    ///   not_found`.
    ///```ignore
    /// let response = client.create_api_key()
    ///    .workspace_id(workspace_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn create_api_key(&self) -> builder::CreateApiKey<'_> {
        builder::CreateApiKey::new(self)
    }

    ///Revoke an API key
    ///
    ///It stops authenticating at once, in every process of the service, and
    /// the console sessions signed in with it end. The `revoke-api-key` command
    /// does the same by the key's value. An unknown or already revoked key:
    /// `404 not_found`.
    ///
    ///Sends a `DELETE` request to
    /// `/operator/v1/workspaces/{workspaceId}/api-keys/{apiKeyId}`
    ///
    ///Arguments:
    /// - `workspace_id`: The workspace's id. Not a UUID, or unknown: `404
    ///   not_found`.
    /// - `api_key_id`: The key's id (`apiKeyId`).
    ///```ignore
    /// let response = client.revoke_api_key()
    ///    .workspace_id(workspace_id)
    ///    .api_key_id(api_key_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn revoke_api_key(&self) -> builder::RevokeApiKey<'_> {
        builder::RevokeApiKey::new(self)
    }

    ///Mint a console sign-in link for a workspace
    ///
    ///Single-use, valid for 10 minutes; the `console-link` command mints the
    /// same. The link is on the address the request came to (behind a proxy,
    /// its `Forwarded` or `X-Forwarded-*` headers).
    ///
    ///Sends a `POST` request to `/operator/v1/console-links`
    ///
    ///```ignore
    /// let response = client.create_console_link()
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn create_console_link(&self) -> builder::CreateConsoleLink<'_> {
        builder::CreateConsoleLink::new(self)
    }
}

/// Types for composing operation parameters.
#[allow(clippy::all)]
pub mod builder {
    use super::types;
    #[allow(unused_imports)]
    use super::{
        ByteStream, ClientHooks, ClientInfo, Error, OperationInfo, RequestBuilderExt, ResponseValue,
        encode_path,
    };
    ///Builder for [`Client::list_webhooks`]
    ///
    ///[`Client::list_webhooks`]: super::Client::list_webhooks
    #[derive(Debug, Clone)]
    pub struct ListWebhooks<'a> {
        client: &'a super::Client,
        after: Result<Option<types::ListWebhooksAfter>, String>,
        limit: Result<Option<::std::num::NonZeroU64>, String>,
    }

    impl<'a> ListWebhooks<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, after: Ok(None), limit: Ok(None) }
        }

        pub fn after<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListWebhooksAfter>,
        {
            self.after = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `ListWebhooksAfter` for after failed".to_string());
            self
        }

        pub fn limit<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::num::NonZeroU64>,
        {
            self.limit = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: std :: num :: NonZeroU64` for limit failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/webhooks`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::Webhook>>, Error<types::Error>> {
            let Self { client, after, limit } = self;
            let after = after.map_err(Error::InvalidRequest)?;
            let limit = limit.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/webhooks", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .query(&progenitor_client::QueryParam::new("after", &after))
                .query(&progenitor_client::QueryParam::new("limit", &limit))
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "list_webhooks" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::create_webhook`]
    ///
    ///[`Client::create_webhook`]: super::Client::create_webhook
    #[derive(Debug, Clone)]
    pub struct CreateWebhook<'a> {
        client: &'a super::Client,
        idempotency_key: Result<Option<types::CreateWebhookIdempotencyKey>, String>,
        body: Result<types::builder::WebhookIn, String>,
    }

    impl<'a> CreateWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, idempotency_key: Ok(None), body: Ok(::std::default::Default::default()) }
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::CreateWebhookIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `CreateWebhookIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::WebhookIn>,
            <V as std::convert::TryInto<types::WebhookIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `WebhookIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::WebhookIn) -> types::builder::WebhookIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/api/v1/webhooks`
        pub async fn send(self) -> Result<ResponseValue<types::WebhookCreated>, Error<types::Error>> {
            let Self { client, idempotency_key, body } = self;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::WebhookIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/webhooks", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "create_webhook" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                201u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::get_webhook`]
    ///
    ///[`Client::get_webhook`]: super::Client::get_webhook
    #[derive(Debug, Clone)]
    pub struct GetWebhook<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, id: Err("id was not initialized".to_string()) }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/webhooks/{id}`
        pub async fn send(self) -> Result<ResponseValue<types::Webhook>, Error<types::Error>> {
            let Self { client, id } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/webhooks/{}", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "get_webhook" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::delete_webhook`]
    ///
    ///[`Client::delete_webhook`]: super::Client::delete_webhook
    #[derive(Debug, Clone)]
    pub struct DeleteWebhook<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
    }

    impl<'a> DeleteWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, id: Err("id was not initialized".to_string()) }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        ///Sends a `DELETE` request to `/api/v1/webhooks/{id}`
        pub async fn send(self) -> Result<ResponseValue<()>, Error<types::Error>> {
            let Self { client, id } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/webhooks/{}", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .delete(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "delete_webhook" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                204u16 => Ok(ResponseValue::empty(response)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::update_webhook`]
    ///
    ///[`Client::update_webhook`]: super::Client::update_webhook
    #[derive(Debug, Clone)]
    pub struct UpdateWebhook<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        body: Result<types::builder::WebhookPatch, String>,
    }

    impl<'a> UpdateWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                id: Err("id was not initialized".to_string()),
                body: Ok(::std::default::Default::default()),
            }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::WebhookPatch>,
            <V as std::convert::TryInto<types::WebhookPatch>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `WebhookPatch` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::WebhookPatch) -> types::builder::WebhookPatch,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `PATCH` request to `/api/v1/webhooks/{id}`
        pub async fn send(self) -> Result<ResponseValue<types::Webhook>, Error<types::Error>> {
            let Self { client, id, body } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::WebhookPatch::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/webhooks/{}", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .patch(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "update_webhook" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::rotate_webhook_secret`]
    ///
    ///[`Client::rotate_webhook_secret`]: super::Client::rotate_webhook_secret
    #[derive(Debug, Clone)]
    pub struct RotateWebhookSecret<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::RotateWebhookSecretIdempotencyKey>, String>,
    }

    impl<'a> RotateWebhookSecret<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, id: Err("id was not initialized".to_string()), idempotency_key: Ok(None) }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::RotateWebhookSecretIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `RotateWebhookSecretIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        ///Sends a `POST` request to `/api/v1/webhooks/{id}/rotate-secret`
        pub async fn send(self) -> Result<ResponseValue<types::RotatedSecret>, Error<types::Error>> {
            let Self { client, id, idempotency_key } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/api/v1/webhooks/{}/rotate-secret", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "rotate_webhook_secret" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::list_recoveries`]
    ///
    ///[`Client::list_recoveries`]: super::Client::list_recoveries
    #[derive(Debug, Clone)]
    pub struct ListRecoveries<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
    }

    impl<'a> ListRecoveries<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, id: Err("id was not initialized".to_string()) }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/webhooks/{id}/recoveries`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::RecoveryJob>>, Error<types::Error>> {
            let Self { client, id } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/api/v1/webhooks/{}/recoveries", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "list_recoveries" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::start_recovery`]
    ///
    ///[`Client::start_recovery`]: super::Client::start_recovery
    #[derive(Debug, Clone)]
    pub struct StartRecovery<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::StartRecoveryIdempotencyKey>, String>,
        body: Result<types::builder::RecoveryIn, String>,
    }

    impl<'a> StartRecovery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                id: Err("id was not initialized".to_string()),
                idempotency_key: Ok(None),
                body: Ok(::std::default::Default::default()),
            }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::StartRecoveryIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `StartRecoveryIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::RecoveryIn>,
            <V as std::convert::TryInto<types::RecoveryIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `RecoveryIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::RecoveryIn) -> types::builder::RecoveryIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/api/v1/webhooks/{id}/recoveries`
        pub async fn send(self) -> Result<ResponseValue<types::RecoveryStarted>, Error<types::Error>> {
            let Self { client, id, idempotency_key, body } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::RecoveryIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/api/v1/webhooks/{}/recoveries", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "start_recovery" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                202u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::get_recovery`]
    ///
    ///[`Client::get_recovery`]: super::Client::get_recovery
    #[derive(Debug, Clone)]
    pub struct GetRecovery<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        recovery_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetRecovery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                id: Err("id was not initialized".to_string()),
                recovery_id: Err("recovery_id was not initialized".to_string()),
            }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        pub fn recovery_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.recovery_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for recovery_id failed".to_string());
            self
        }

        ///Sends a `GET` request to
        /// `/api/v1/webhooks/{id}/recoveries/{recoveryId}`
        pub async fn send(self) -> Result<ResponseValue<types::RecoveryJob>, Error<types::Error>> {
            let Self { client, id, recovery_id } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let recovery_id = recovery_id.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/api/v1/webhooks/{}/recoveries/{}",
                client.baseurl,
                encode_path(&id.to_string()),
                encode_path(&recovery_id.to_string()),
            );
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "get_recovery" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::cancel_recovery`]
    ///
    ///[`Client::cancel_recovery`]: super::Client::cancel_recovery
    #[derive(Debug, Clone)]
    pub struct CancelRecovery<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        recovery_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::CancelRecoveryIdempotencyKey>, String>,
    }

    impl<'a> CancelRecovery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                id: Err("id was not initialized".to_string()),
                recovery_id: Err("recovery_id was not initialized".to_string()),
                idempotency_key: Ok(None),
            }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        pub fn recovery_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.recovery_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for recovery_id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::CancelRecoveryIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `CancelRecoveryIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        ///Sends a `POST` request to
        /// `/api/v1/webhooks/{id}/recoveries/{recoveryId}/cancel`
        pub async fn send(self) -> Result<ResponseValue<types::RecoveryJob>, Error<types::Error>> {
            let Self { client, id, recovery_id, idempotency_key } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let recovery_id = recovery_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/api/v1/webhooks/{}/recoveries/{}/cancel",
                client.baseurl,
                encode_path(&id.to_string()),
                encode_path(&recovery_id.to_string()),
            );
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "cancel_recovery" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::list_deliveries`]
    ///
    ///[`Client::list_deliveries`]: super::Client::list_deliveries
    #[derive(Debug, Clone)]
    pub struct ListDeliveries<'a> {
        client: &'a super::Client,
        after: Result<Option<types::ListDeliveriesAfter>, String>,
        created_before: Result<Option<::chrono::DateTime<::chrono::offset::Utc>>, String>,
        created_from: Result<Option<::chrono::DateTime<::chrono::offset::Utc>>, String>,
        endpoint_id: Result<Option<::uuid::Uuid>, String>,
        event_type: Result<Option<::std::string::String>, String>,
        limit: Result<Option<::std::num::NonZeroU64>, String>,
        status: Result<Option<types::ListDeliveriesStatus>, String>,
    }

    impl<'a> ListDeliveries<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                after: Ok(None),
                created_before: Ok(None),
                created_from: Ok(None),
                endpoint_id: Ok(None),
                event_type: Ok(None),
                limit: Ok(None),
                status: Ok(None),
            }
        }

        pub fn after<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListDeliveriesAfter>,
        {
            self.after = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `ListDeliveriesAfter` for after failed".to_string());
            self
        }

        pub fn created_before<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
        {
            self . created_before = value . try_into () . map (Some) . map_err (| _ | "conversion to `:: chrono :: DateTime < :: chrono :: offset :: Utc >` for created_before failed" . to_string ()) ;
            self
        }

        pub fn created_from<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::chrono::DateTime<::chrono::offset::Utc>>,
        {
            self . created_from = value . try_into () . map (Some) . map_err (| _ | "conversion to `:: chrono :: DateTime < :: chrono :: offset :: Utc >` for created_from failed" . to_string ()) ;
            self
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        pub fn event_type<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::string::String>,
        {
            self.event_type = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: std :: string :: String` for event_type failed".to_string());
            self
        }

        pub fn limit<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::num::NonZeroU64>,
        {
            self.limit = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: std :: num :: NonZeroU64` for limit failed".to_string());
            self
        }

        pub fn status<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListDeliveriesStatus>,
        {
            self.status = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `ListDeliveriesStatus` for status failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/webhook-deliveries`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::Delivery>>, Error<types::Error>> {
            let Self { client, after, created_before, created_from, endpoint_id, event_type, limit, status } =
                self;
            let after = after.map_err(Error::InvalidRequest)?;
            let created_before = created_before.map_err(Error::InvalidRequest)?;
            let created_from = created_from.map_err(Error::InvalidRequest)?;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let event_type = event_type.map_err(Error::InvalidRequest)?;
            let limit = limit.map_err(Error::InvalidRequest)?;
            let status = status.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/webhook-deliveries", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .query(&progenitor_client::QueryParam::new("after", &after))
                .query(&progenitor_client::QueryParam::new("createdBefore", &created_before))
                .query(&progenitor_client::QueryParam::new("createdFrom", &created_from))
                .query(&progenitor_client::QueryParam::new("endpointId", &endpoint_id))
                .query(&progenitor_client::QueryParam::new("eventType", &event_type))
                .query(&progenitor_client::QueryParam::new("limit", &limit))
                .query(&progenitor_client::QueryParam::new("status", &status))
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "list_deliveries" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::get_delivery`]
    ///
    ///[`Client::get_delivery`]: super::Client::get_delivery
    #[derive(Debug, Clone)]
    pub struct GetDelivery<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetDelivery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, id: Err("id was not initialized".to_string()) }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/webhook-deliveries/{id}`
        pub async fn send(self) -> Result<ResponseValue<types::DeliveryWithAttempts>, Error<types::Error>> {
            let Self { client, id } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/api/v1/webhook-deliveries/{}", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "get_delivery" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::replay_delivery`]
    ///
    ///[`Client::replay_delivery`]: super::Client::replay_delivery
    #[derive(Debug, Clone)]
    pub struct ReplayDelivery<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::ReplayDeliveryIdempotencyKey>, String>,
    }

    impl<'a> ReplayDelivery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, id: Err("id was not initialized".to_string()), idempotency_key: Ok(None) }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ReplayDeliveryIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `ReplayDeliveryIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        ///Sends a `POST` request to `/api/v1/webhook-deliveries/{id}/replay`
        pub async fn send(self) -> Result<ResponseValue<types::Delivery>, Error<types::Error>> {
            let Self { client, id, idempotency_key } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/api/v1/webhook-deliveries/{}/replay",
                client.baseurl,
                encode_path(&id.to_string()),
            );
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "replay_delivery" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                202u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                410u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::list_campaigns`]
    ///
    ///[`Client::list_campaigns`]: super::Client::list_campaigns
    #[derive(Debug, Clone)]
    pub struct ListCampaigns<'a> {
        client: &'a super::Client,
        after: Result<Option<types::ListCampaignsAfter>, String>,
        limit: Result<Option<::std::num::NonZeroU64>, String>,
    }

    impl<'a> ListCampaigns<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, after: Ok(None), limit: Ok(None) }
        }

        pub fn after<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListCampaignsAfter>,
        {
            self.after = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `ListCampaignsAfter` for after failed".to_string());
            self
        }

        pub fn limit<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::num::NonZeroU64>,
        {
            self.limit = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: std :: num :: NonZeroU64` for limit failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/campaigns`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::Campaign>>, Error<types::Error>> {
            let Self { client, after, limit } = self;
            let after = after.map_err(Error::InvalidRequest)?;
            let limit = limit.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/campaigns", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .query(&progenitor_client::QueryParam::new("after", &after))
                .query(&progenitor_client::QueryParam::new("limit", &limit))
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "list_campaigns" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::create_campaign`]
    ///
    ///[`Client::create_campaign`]: super::Client::create_campaign
    #[derive(Debug, Clone)]
    pub struct CreateCampaign<'a> {
        client: &'a super::Client,
        idempotency_key: Result<Option<types::CreateCampaignIdempotencyKey>, String>,
        body: Result<types::builder::CampaignIn, String>,
    }

    impl<'a> CreateCampaign<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, idempotency_key: Ok(None), body: Ok(::std::default::Default::default()) }
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::CreateCampaignIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `CreateCampaignIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::CampaignIn>,
            <V as std::convert::TryInto<types::CampaignIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `CampaignIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::CampaignIn) -> types::builder::CampaignIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/api/v1/campaigns`
        pub async fn send(self) -> Result<ResponseValue<types::Campaign>, Error<types::Error>> {
            let Self { client, idempotency_key, body } = self;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::CampaignIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/campaigns", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "create_campaign" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                201u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::get_campaign`]
    ///
    ///[`Client::get_campaign`]: super::Client::get_campaign
    #[derive(Debug, Clone)]
    pub struct GetCampaign<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetCampaign<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, id: Err("id was not initialized".to_string()) }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/campaigns/{id}`
        pub async fn send(self) -> Result<ResponseValue<types::Campaign>, Error<types::Error>> {
            let Self { client, id } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/campaigns/{}", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "get_campaign" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::update_campaign`]
    ///
    ///[`Client::update_campaign`]: super::Client::update_campaign
    #[derive(Debug, Clone)]
    pub struct UpdateCampaign<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        body: Result<types::builder::CampaignPatch, String>,
    }

    impl<'a> UpdateCampaign<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                id: Err("id was not initialized".to_string()),
                body: Ok(::std::default::Default::default()),
            }
        }

        pub fn id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.id =
                value.try_into().map_err(|_| "conversion to `:: uuid :: Uuid` for id failed".to_string());
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::CampaignPatch>,
            <V as std::convert::TryInto<types::CampaignPatch>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `CampaignPatch` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::CampaignPatch) -> types::builder::CampaignPatch,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `PATCH` request to `/api/v1/campaigns/{id}`
        pub async fn send(self) -> Result<ResponseValue<types::Campaign>, Error<types::Error>> {
            let Self { client, id, body } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::CampaignPatch::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/campaigns/{}", client.baseurl, encode_path(&id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .patch(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "update_campaign" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::publish_event`]
    ///
    ///[`Client::publish_event`]: super::Client::publish_event
    #[derive(Debug, Clone)]
    pub struct PublishEvent<'a> {
        client: &'a super::Client,
        idempotency_key: Result<Option<types::PublishEventIdempotencyKey>, String>,
        body: Result<types::builder::EventIn, String>,
    }

    impl<'a> PublishEvent<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, idempotency_key: Ok(None), body: Ok(::std::default::Default::default()) }
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::PublishEventIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `PublishEventIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::EventIn>,
            <V as std::convert::TryInto<types::EventIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `EventIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::EventIn) -> types::builder::EventIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/api/v1/events`
        pub async fn send(self) -> Result<ResponseValue<types::Published>, Error<types::Error>> {
            let Self { client, idempotency_key, body } = self;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::EventIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/events", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "publish_event" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                202u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::list_event_types`]
    ///
    ///[`Client::list_event_types`]: super::Client::list_event_types
    #[derive(Debug, Clone)]
    pub struct ListEventTypes<'a> {
        client: &'a super::Client,
    }

    impl<'a> ListEventTypes<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client }
        }

        ///Sends a `GET` request to `/api/v1/event-types`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::EventType>>, Error<types::Error>> {
            let Self { client } = self;
            let url = format!("{}/api/v1/event-types", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "list_event_types" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::get_event_type`]
    ///
    ///[`Client::get_event_type`]: super::Client::get_event_type
    #[derive(Debug, Clone)]
    pub struct GetEventType<'a> {
        client: &'a super::Client,
        name: Result<::std::string::String, String>,
    }

    impl<'a> GetEventType<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, name: Err("name was not initialized".to_string()) }
        }

        pub fn name<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::string::String>,
        {
            self.name = value
                .try_into()
                .map_err(|_| "conversion to `:: std :: string :: String` for name failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/event-types/{name}`
        pub async fn send(self) -> Result<ResponseValue<types::EventType>, Error<types::Error>> {
            let Self { client, name } = self;
            let name = name.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/event-types/{}", client.baseurl, encode_path(&name.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "get_event_type" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::listen`]
    ///
    ///[`Client::listen`]: super::Client::listen
    #[derive(Debug, Clone)]
    pub struct Listen<'a> {
        client: &'a super::Client,
        events: Result<Option<::std::string::String>, String>,
        filter: Result<Option<::std::string::String>, String>,
        session: Result<Option<::uuid::Uuid>, String>,
    }

    impl<'a> Listen<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, events: Ok(None), filter: Ok(None), session: Ok(None) }
        }

        pub fn events<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::string::String>,
        {
            self.events = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: std :: string :: String` for events failed".to_string());
            self
        }

        pub fn filter<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::string::String>,
        {
            self.filter = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: std :: string :: String` for filter failed".to_string());
            self
        }

        pub fn session<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.session = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: uuid :: Uuid` for session failed".to_string());
            self
        }

        ///Sends a `GET` request to `/api/v1/listen`
        pub async fn send(self) -> Result<ResponseValue<ByteStream>, Error<types::Error>> {
            let Self { client, events, filter, session } = self;
            let events = events.map_err(Error::InvalidRequest)?;
            let filter = filter.map_err(Error::InvalidRequest)?;
            let session = session.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/listen", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .query(&progenitor_client::QueryParam::new("events", &events))
                .query(&progenitor_client::QueryParam::new("filter", &filter))
                .query(&progenitor_client::QueryParam::new("session", &session))
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "listen" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => Ok(ResponseValue::stream(response)),
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                406u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::end_listen_session`]
    ///
    ///[`Client::end_listen_session`]: super::Client::end_listen_session
    #[derive(Debug, Clone)]
    pub struct EndListenSession<'a> {
        client: &'a super::Client,
        session_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> EndListenSession<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, session_id: Err("session_id was not initialized".to_string()) }
        }

        pub fn session_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.session_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for session_id failed".to_string());
            self
        }

        ///Sends a `DELETE` request to `/api/v1/listen/{sessionId}`
        pub async fn send(self) -> Result<ResponseValue<()>, Error<types::Error>> {
            let Self { client, session_id } = self;
            let session_id = session_id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/api/v1/listen/{}", client.baseurl, encode_path(&session_id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .delete(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "end_listen_session" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                204u16 => Ok(ResponseValue::empty(response)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::reply_to_listen_delivery`]
    ///
    ///[`Client::reply_to_listen_delivery`]: super::Client::reply_to_listen_delivery
    #[derive(Debug, Clone)]
    pub struct ReplyToListenDelivery<'a> {
        client: &'a super::Client,
        session_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::ReplyToListenDeliveryIdempotencyKey>, String>,
        body: Result<types::builder::ListenReplyIn, String>,
    }

    impl<'a> ReplyToListenDelivery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                session_id: Err("session_id was not initialized".to_string()),
                idempotency_key: Ok(None),
                body: Ok(::std::default::Default::default()),
            }
        }

        pub fn session_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.session_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for session_id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ReplyToListenDeliveryIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `ReplyToListenDeliveryIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListenReplyIn>,
            <V as std::convert::TryInto<types::ListenReplyIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `ListenReplyIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::ListenReplyIn) -> types::builder::ListenReplyIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/api/v1/listen/{sessionId}/replies`
        pub async fn send(self) -> Result<ResponseValue<()>, Error<types::Error>> {
            let Self { client, session_id, idempotency_key, body } = self;
            let session_id = session_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::ListenReplyIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/api/v1/listen/{}/replies", client.baseurl, encode_path(&session_id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(2usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            if let Some(value) = idempotency_key {
                header_map.append("Idempotency-Key", value.to_string().try_into()?);
            }
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "reply_to_listen_delivery" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                204u16 => Ok(ResponseValue::empty(response)),
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                409u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                429u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                507u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::get_open_api`]
    ///
    ///[`Client::get_open_api`]: super::Client::get_open_api
    #[derive(Debug, Clone)]
    pub struct GetOpenApi<'a> {
        client: &'a super::Client,
    }

    impl<'a> GetOpenApi<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client }
        }

        ///Sends a `GET` request to `/openapi.json`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::serde_json::Map<::std::string::String, ::serde_json::Value>>, Error<()>>
        {
            let Self { client } = self;
            let url = format!("{}/openapi.json", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "get_open_api" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::list_workspaces`]
    ///
    ///[`Client::list_workspaces`]: super::Client::list_workspaces
    #[derive(Debug, Clone)]
    pub struct ListWorkspaces<'a> {
        client: &'a super::Client,
        after: Result<Option<types::ListWorkspacesAfter>, String>,
        limit: Result<Option<::std::num::NonZeroU64>, String>,
    }

    impl<'a> ListWorkspaces<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, after: Ok(None), limit: Ok(None) }
        }

        pub fn after<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListWorkspacesAfter>,
        {
            self.after = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `ListWorkspacesAfter` for after failed".to_string());
            self
        }

        pub fn limit<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::std::num::NonZeroU64>,
        {
            self.limit = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `:: std :: num :: NonZeroU64` for limit failed".to_string());
            self
        }

        ///Sends a `GET` request to `/operator/v1/workspaces`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::Workspace>>, Error<types::Error>> {
            let Self { client, after, limit } = self;
            let after = after.map_err(Error::InvalidRequest)?;
            let limit = limit.map_err(Error::InvalidRequest)?;
            let url = format!("{}/operator/v1/workspaces", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .query(&progenitor_client::QueryParam::new("after", &after))
                .query(&progenitor_client::QueryParam::new("limit", &limit))
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "list_workspaces" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::create_workspace`]
    ///
    ///[`Client::create_workspace`]: super::Client::create_workspace
    #[derive(Debug, Clone)]
    pub struct CreateWorkspace<'a> {
        client: &'a super::Client,
        body: Result<types::builder::WorkspaceIn, String>,
    }

    impl<'a> CreateWorkspace<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, body: Ok(::std::default::Default::default()) }
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::WorkspaceIn>,
            <V as std::convert::TryInto<types::WorkspaceIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `WorkspaceIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::WorkspaceIn) -> types::builder::WorkspaceIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/operator/v1/workspaces`
        pub async fn send(self) -> Result<ResponseValue<types::WorkspaceCreated>, Error<types::Error>> {
            let Self { client, body } = self;
            let body = body
                .and_then(|v| types::WorkspaceIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/operator/v1/workspaces", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "create_workspace" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                201u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::list_api_keys`]
    ///
    ///[`Client::list_api_keys`]: super::Client::list_api_keys
    #[derive(Debug, Clone)]
    pub struct ListApiKeys<'a> {
        client: &'a super::Client,
        workspace_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> ListApiKeys<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, workspace_id: Err("workspace_id was not initialized".to_string()) }
        }

        pub fn workspace_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.workspace_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for workspace_id failed".to_string());
            self
        }

        ///Sends a `GET` request to
        /// `/operator/v1/workspaces/{workspaceId}/api-keys`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::ApiKey>>, Error<types::Error>> {
            let Self { client, workspace_id } = self;
            let workspace_id = workspace_id.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/operator/v1/workspaces/{}/api-keys",
                client.baseurl,
                encode_path(&workspace_id.to_string()),
            );
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .get(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "list_api_keys" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                200u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::create_api_key`]
    ///
    ///[`Client::create_api_key`]: super::Client::create_api_key
    #[derive(Debug, Clone)]
    pub struct CreateApiKey<'a> {
        client: &'a super::Client,
        workspace_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> CreateApiKey<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, workspace_id: Err("workspace_id was not initialized".to_string()) }
        }

        pub fn workspace_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.workspace_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for workspace_id failed".to_string());
            self
        }

        ///Sends a `POST` request to
        /// `/operator/v1/workspaces/{workspaceId}/api-keys`
        pub async fn send(self) -> Result<ResponseValue<types::ApiKeyCreated>, Error<types::Error>> {
            let Self { client, workspace_id } = self;
            let workspace_id = workspace_id.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/operator/v1/workspaces/{}/api-keys",
                client.baseurl,
                encode_path(&workspace_id.to_string()),
            );
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "create_api_key" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                201u16 => ResponseValue::from_response(response).await,
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::revoke_api_key`]
    ///
    ///[`Client::revoke_api_key`]: super::Client::revoke_api_key
    #[derive(Debug, Clone)]
    pub struct RevokeApiKey<'a> {
        client: &'a super::Client,
        workspace_id: Result<::uuid::Uuid, String>,
        api_key_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> RevokeApiKey<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                workspace_id: Err("workspace_id was not initialized".to_string()),
                api_key_id: Err("api_key_id was not initialized".to_string()),
            }
        }

        pub fn workspace_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.workspace_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for workspace_id failed".to_string());
            self
        }

        pub fn api_key_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.api_key_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for api_key_id failed".to_string());
            self
        }

        ///Sends a `DELETE` request to
        /// `/operator/v1/workspaces/{workspaceId}/api-keys/{apiKeyId}`
        pub async fn send(self) -> Result<ResponseValue<()>, Error<types::Error>> {
            let Self { client, workspace_id, api_key_id } = self;
            let workspace_id = workspace_id.map_err(Error::InvalidRequest)?;
            let api_key_id = api_key_id.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/operator/v1/workspaces/{}/api-keys/{}",
                client.baseurl,
                encode_path(&workspace_id.to_string()),
                encode_path(&api_key_id.to_string()),
            );
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .delete(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "revoke_api_key" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                204u16 => Ok(ResponseValue::empty(response)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }

    ///Builder for [`Client::create_console_link`]
    ///
    ///[`Client::create_console_link`]: super::Client::create_console_link
    #[derive(Debug, Clone)]
    pub struct CreateConsoleLink<'a> {
        client: &'a super::Client,
        body: Result<types::builder::ConsoleLinkIn, String>,
    }

    impl<'a> CreateConsoleLink<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, body: Ok(::std::default::Default::default()) }
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ConsoleLinkIn>,
            <V as std::convert::TryInto<types::ConsoleLinkIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `ConsoleLinkIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::ConsoleLinkIn) -> types::builder::ConsoleLinkIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/operator/v1/console-links`
        pub async fn send(self) -> Result<ResponseValue<types::ConsoleLink>, Error<types::Error>> {
            let Self { client, body } = self;
            let body = body
                .and_then(|v| types::ConsoleLinkIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/operator/v1/console-links", client.baseurl,);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .post(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "create_console_link" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                201u16 => ResponseValue::from_response(response).await,
                400u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                401u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                404u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                413u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                415u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                422u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                500u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                503u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }
        }
    }
}

/// Items consumers will typically use such as the Client.
pub mod prelude {
    pub use self::super::Client;
}
