#[allow(unused_imports)]
pub use progenitor_client::{ByteStream, ClientInfo, Error, ResponseValue};
#[allow(unused_imports)]
use progenitor_client::{ClientHooks, OperationInfo, RequestBuilderExt, encode_path};
/// Types used as operation parameters and responses.
#[allow(clippy::all)]
pub mod types {
    ///`Attempt`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Attempt {
        ///1-based.
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
        ///The first 4 KiB of the response body, as text.
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
        ///The account the console shows.
        pub account: ::std::string::String,
        ///The console page the link opens once used: `/console` (the default)
        /// or a path below it (`/console/deliveries`); anything else is `422
        /// invalid_body`.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub page: ::std::option::Option<::std::string::String>,
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

    ///`CreateRunIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct CreateRunIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for CreateRunIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<CreateRunIdempotencyKey> for ::std::string::String {
        fn from(value: CreateRunIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for CreateRunIdempotencyKey {
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

    impl ::std::convert::TryFrom<&str> for CreateRunIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for CreateRunIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for CreateRunIdempotencyKey {
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
        #[serde(rename = "deliveryId")]
        pub delivery_id: ::uuid::Uuid,
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        pub event: ::std::string::String,
        ///The id receivers see: `<runId>:<event>` (or
        /// `test_<uuid>:webhook.test`).
        #[serde(rename = "eventId")]
        pub event_id: ::std::string::String,
        #[serde(rename = "lastError", deserialize_with = "::std::option::Option::deserialize")]
        pub last_error: ::std::option::Option<::std::string::String>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "nextAttemptAt", deserialize_with = "::std::option::Option::deserialize")]
        pub next_attempt_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        ///True once retention erased the delivery's payload
        /// (PAYLOAD_RETENTION): the entry stays in the log, but it can no
        /// longer be re-sent (409 payload_expired).
        #[serde(rename = "payloadExpired")]
        pub payload_expired: bool,
        #[serde(rename = "responseCode", deserialize_with = "::std::option::Option::deserialize")]
        pub response_code: ::std::option::Option<i64>,
        ///`failed` means awaiting a retry.
        pub status: DeliveryStatus,
    }

    impl Delivery {
        pub fn builder() -> builder::Delivery {
            Default::default()
        }
    }

    ///`failed` means awaiting a retry.
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
        #[serde(rename = "failed")]
        Failed,
        #[serde(rename = "delivered")]
        Delivered,
        #[serde(rename = "dead_letter")]
        DeadLetter,
    }

    impl ::std::fmt::Display for DeliveryStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Pending => f.write_str("pending"),
                Self::Failed => f.write_str("failed"),
                Self::Delivered => f.write_str("delivered"),
                Self::DeadLetter => f.write_str("dead_letter"),
            }
        }
    }

    impl ::std::str::FromStr for DeliveryStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "pending" => Ok(Self::Pending),
                "failed" => Ok(Self::Failed),
                "delivered" => Ok(Self::Delivered),
                "dead_letter" => Ok(Self::DeadLetter),
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
        #[serde(rename = "deliveryId")]
        pub delivery_id: ::uuid::Uuid,
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        pub event: ::std::string::String,
        ///The id receivers see: `<runId>:<event>` (or
        /// `test_<uuid>:webhook.test`).
        #[serde(rename = "eventId")]
        pub event_id: ::std::string::String,
        #[serde(rename = "lastError", deserialize_with = "::std::option::Option::deserialize")]
        pub last_error: ::std::option::Option<::std::string::String>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "nextAttemptAt", deserialize_with = "::std::option::Option::deserialize")]
        pub next_attempt_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        ///True once retention erased the delivery's payload
        /// (PAYLOAD_RETENTION): the entry stays in the log, but it can no
        /// longer be re-sent (409 payload_expired).
        #[serde(rename = "payloadExpired")]
        pub payload_expired: bool,
        #[serde(rename = "responseCode", deserialize_with = "::std::option::Option::deserialize")]
        pub response_code: ::std::option::Option<i64>,
        ///`failed` means awaiting a retry.
        pub status: DeliveryWithAttemptsStatus,
    }

    impl DeliveryWithAttempts {
        pub fn builder() -> builder::DeliveryWithAttempts {
            Default::default()
        }
    }

    ///`failed` means awaiting a retry.
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
        #[serde(rename = "failed")]
        Failed,
        #[serde(rename = "delivered")]
        Delivered,
        #[serde(rename = "dead_letter")]
        DeadLetter,
    }

    impl ::std::fmt::Display for DeliveryWithAttemptsStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Pending => f.write_str("pending"),
                Self::Failed => f.write_str("failed"),
                Self::Delivered => f.write_str("delivered"),
                Self::DeadLetter => f.write_str("dead_letter"),
            }
        }
    }

    impl ::std::str::FromStr for DeliveryWithAttemptsStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "pending" => Ok(Self::Pending),
                "failed" => Ok(Self::Failed),
                "delivered" => Ok(Self::Delivered),
                "dead_letter" => Ok(Self::DeadLetter),
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

    ///`EnableWebhookIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct EnableWebhookIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for EnableWebhookIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<EnableWebhookIdempotencyKey> for ::std::string::String {
        fn from(value: EnableWebhookIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for EnableWebhookIdempotencyKey {
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

    impl ::std::convert::TryFrom<&str> for EnableWebhookIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for EnableWebhookIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for EnableWebhookIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///`Endpoint`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Endpoint {
        ///`null`: none.
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub auth: ::std::option::Option<EndpointAuth>,
        ///`null`: none.
        #[serde(rename = "clientCertificate", deserialize_with = "::std::option::Option::deserialize")]
        pub client_certificate: ::std::option::Option<ClientCertificate>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///Set when deliveries stopped: the endpoint answered 410 Gone or kept
        /// failing.
        pub disabled: bool,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "disabledAt", deserialize_with = "::std::option::Option::deserialize")]
        pub disabled_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        #[serde(rename = "disabledReason", deserialize_with = "::std::option::Option::deserialize")]
        pub disabled_reason: ::std::option::Option<::std::string::String>,
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        pub events: ::std::vec::Vec<::std::string::String>,
        ///`null`: none.
        #[serde(deserialize_with = "::std::option::Option::deserialize")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///`{}`: none.
        pub headers: EndpointHeaders,
        ///Deliveries per second at most, per worker process; null: no limit.
        #[serde(rename = "rateLimit", deserialize_with = "::std::option::Option::deserialize")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
        pub url: ::std::string::String,
    }

    impl Endpoint {
        pub fn builder() -> builder::Endpoint {
            Default::default()
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

    ///`EndpointCreated`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct EndpointCreated {
        ///Present only when set; never its secret.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub auth: ::std::option::Option<EndpointAuth>,
        ///Only when set.
        #[serde(rename = "clientCertificate", skip_serializing_if = "::std::option::Option::is_none")]
        pub client_certificate: ::std::option::Option<ClientCertificate>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        #[serde(rename = "createdAt")]
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        pub events: ::std::vec::Vec<::std::string::String>,
        ///Only when set.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///Present only when set.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub headers: ::std::option::Option<EndpointHeaders>,
        ///Deliveries per second at most, per worker process; present only when
        /// a limit was set.
        #[serde(rename = "rateLimit", skip_serializing_if = "::std::option::Option::is_none")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
        ///`whsec_` + 43 base64url characters; shown only here and by
        /// rotate-secret.
        #[serde(rename = "signingSecret")]
        pub signing_secret: ::std::string::String,
        pub url: ::std::string::String,
    }

    impl EndpointCreated {
        pub fn builder() -> builder::EndpointCreated {
            Default::default()
        }
    }

    ///Headers of the receiver's own, sent on every attempt and test delivery
    /// (an extension): an object of name to value. At most 20, names HTTP
    /// tokens given once (ignoring case), values without control characters, 4
    /// KB of names and values in all. The service's own headers
    /// (`X-Webhook-Signature`, `X-Webhook-Id`, `X-Webhook-Timestamp`,
    /// `X-Webhook-Probe`), `Content-Type`, `Content-Length`, `Host`,
    /// `Transfer-Encoding`, `Connection` and `Authorization` (which `auth`
    /// sets) are refused with `422 reserved_header`; other rules broken are
    /// `422 invalid_headers`. Returned as set: put a credential in `auth`,
    /// which is sealed.
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

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct EndpointIn {
        ///Absent or null: none.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub auth: ::std::option::Option<EndpointAuthIn>,
        ///An extension. Absent or null: none.
        #[serde(rename = "clientCertificate", skip_serializing_if = "::std::option::Option::is_none")]
        pub client_certificate: ::std::option::Option<ClientCertificateIn>,
        ///At least one of `run.completed`, `run.failed`; duplicates are
        /// removed.
        pub events: ::std::vec::Vec<::std::string::String>,
        ///Only events whose body matches it are delivered. Absent or null:
        /// every event of its types.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///Absent or null: none.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub headers: ::std::option::Option<EndpointHeaders>,
        ///Deliveries per second at most, a whole number from 1 to 10000 (an
        /// extension). Absent or null: no limit. Any other value is `422
        /// invalid_rate_limit` (a non-number is `422 invalid_body`). The limit
        /// paces each worker process on its own: with W workers an endpoint may
        /// receive up to W times it. See docs/engine.md. Change it later with
        /// `PUT /webhooks/{endpointId}/rate-limit`.
        #[serde(rename = "rateLimit", skip_serializing_if = "::std::option::Option::is_none")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
        ///Absolute http(s) URL with a host, no credentials, at most 2048
        /// characters; non-public IP literals and `localhost` are refused
        /// unless `OUTBOUND_ALLOW_CIDRS` allows them.
        pub url: ::std::string::String,
    }

    impl EndpointIn {
        pub fn builder() -> builder::EndpointIn {
            Default::default()
        }
    }

    ///What to change; absent fields keep their value.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug, Default)]
    #[serde(deny_unknown_fields)]
    pub struct EndpointPatch {
        ///Replaces the credential; `null` removes it.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub auth: ::std::option::Option<EndpointAuthIn>,
        ///Replaces the client certificate; `null` removes it.
        #[serde(rename = "clientCertificate", skip_serializing_if = "::std::option::Option::is_none")]
        pub client_certificate: ::std::option::Option<ClientCertificateIn>,
        ///`false` disables the endpoint, `true` enables it.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub enabled: ::std::option::Option<bool>,
        ///The new event kinds: at least one.
        #[serde(default, skip_serializing_if = "::std::vec::Vec::is_empty")]
        pub events: ::std::vec::Vec<EndpointPatchEventsItem>,
        ///Replaces the content filter; `null` removes it.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub filter: ::std::option::Option<ContentFilter>,
        ///Replaces the custom headers; `null` or `{}` removes them.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub headers: ::std::option::Option<EndpointHeaders>,
        ///The new endpoint URL (checked as on registration).
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub url: ::std::option::Option<EndpointPatchUrl>,
    }

    impl EndpointPatch {
        pub fn builder() -> builder::EndpointPatch {
            Default::default()
        }
    }

    ///`EndpointPatchEventsItem`
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
    pub enum EndpointPatchEventsItem {
        #[serde(rename = "run.completed")]
        RunCompleted,
        #[serde(rename = "run.failed")]
        RunFailed,
    }

    impl ::std::fmt::Display for EndpointPatchEventsItem {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::RunCompleted => f.write_str("run.completed"),
                Self::RunFailed => f.write_str("run.failed"),
            }
        }
    }

    impl ::std::str::FromStr for EndpointPatchEventsItem {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "run.completed" => Ok(Self::RunCompleted),
                "run.failed" => Ok(Self::RunFailed),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for EndpointPatchEventsItem {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for EndpointPatchEventsItem {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///The new endpoint URL (checked as on registration).
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct EndpointPatchUrl(::std::string::String);
    impl ::std::ops::Deref for EndpointPatchUrl {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<EndpointPatchUrl> for ::std::string::String {
        fn from(value: EndpointPatchUrl) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for EndpointPatchUrl {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            if value.chars().count() > 2048usize {
                return Err("longer than 2048 characters".into());
            }
            Ok(Self(value.to_string()))
        }
    }

    impl ::std::convert::TryFrom<&str> for EndpointPatchUrl {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for EndpointPatchUrl {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for EndpointPatchUrl {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
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
        ///With `unknown_filter_field`: the filter's path that was refused.
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

    ///`ListDeliveriesEvent`
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
    pub enum ListDeliveriesEvent {
        #[serde(rename = "run.completed")]
        RunCompleted,
        #[serde(rename = "run.failed")]
        RunFailed,
        #[serde(rename = "webhook.test")]
        WebhookTest,
    }

    impl ::std::fmt::Display for ListDeliveriesEvent {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::RunCompleted => f.write_str("run.completed"),
                Self::RunFailed => f.write_str("run.failed"),
                Self::WebhookTest => f.write_str("webhook.test"),
            }
        }
    }

    impl ::std::str::FromStr for ListDeliveriesEvent {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "run.completed" => Ok(Self::RunCompleted),
                "run.failed" => Ok(Self::RunFailed),
                "webhook.test" => Ok(Self::WebhookTest),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for ListDeliveriesEvent {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ListDeliveriesEvent {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
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
        #[serde(rename = "failed")]
        Failed,
        #[serde(rename = "delivered")]
        Delivered,
        #[serde(rename = "dead_letter")]
        DeadLetter,
    }

    impl ::std::fmt::Display for ListDeliveriesStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Pending => f.write_str("pending"),
                Self::Failed => f.write_str("failed"),
                Self::Delivered => f.write_str("delivered"),
                Self::DeadLetter => f.write_str("dead_letter"),
            }
        }
    }

    impl ::std::str::FromStr for ListDeliveriesStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "pending" => Ok(Self::Pending),
                "failed" => Ok(Self::Failed),
                "delivered" => Ok(Self::Delivered),
                "dead_letter" => Ok(Self::DeadLetter),
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

    ///`ListRunsAfter`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct ListRunsAfter(::std::string::String);
    impl ::std::ops::Deref for ListRunsAfter {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<ListRunsAfter> for ::std::string::String {
        fn from(value: ListRunsAfter) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for ListRunsAfter {
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

    impl ::std::convert::TryFrom<&str> for ListRunsAfter {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for ListRunsAfter {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for ListRunsAfter {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
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

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug, Default)]
    #[serde(deny_unknown_fields)]
    pub struct RateLimitIn {
        ///Deliveries per second at most, a whole number from 1 to 10000.
        /// Absent or null removes the limit.
        #[serde(rename = "rateLimit", skip_serializing_if = "::std::option::Option::is_none")]
        pub rate_limit: ::std::option::Option<::std::num::NonZeroU64>,
    }

    impl RateLimitIn {
        pub fn builder() -> builder::RateLimitIn {
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

    ///`RetryDeliveryIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct RetryDeliveryIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for RetryDeliveryIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<RetryDeliveryIdempotencyKey> for ::std::string::String {
        fn from(value: RetryDeliveryIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for RetryDeliveryIdempotencyKey {
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

    impl ::std::convert::TryFrom<&str> for RetryDeliveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for RetryDeliveryIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for RetryDeliveryIdempotencyKey {
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
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        #[serde(rename = "signingSecret")]
        pub signing_secret: ::std::string::String,
    }

    impl RotatedSecret {
        pub fn builder() -> builder::RotatedSecret {
            Default::default()
        }
    }

    ///`Run`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Run {
        ///Omitted (not null) while the run is running.
        #[serde(skip_serializing_if = "::std::option::Option::is_none")]
        pub completed_at: ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
        ///RFC 3339, UTC, milliseconds (`2026-11-22T10:15:30.123Z`).
        pub created_at: ::chrono::DateTime<::chrono::offset::Utc>,
        pub id: ::uuid::Uuid,
        pub status: RunStatus,
        pub workflow_id: ::std::string::String,
    }

    impl Run {
        pub fn builder() -> builder::Run {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct RunIn {
        ///1 to 200 characters, not only whitespace.
        pub workflow_id: ::std::string::String,
    }

    impl RunIn {
        pub fn builder() -> builder::RunIn {
            Default::default()
        }
    }

    ///`RunStatus`
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
    pub enum RunStatus {
        #[serde(rename = "running")]
        Running,
        #[serde(rename = "succeeded")]
        Succeeded,
        #[serde(rename = "failed")]
        Failed,
    }

    impl ::std::fmt::Display for RunStatus {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::Running => f.write_str("running"),
                Self::Succeeded => f.write_str("succeeded"),
                Self::Failed => f.write_str("failed"),
            }
        }
    }

    impl ::std::str::FromStr for RunStatus {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "running" => Ok(Self::Running),
                "succeeded" => Ok(Self::Succeeded),
                "failed" => Ok(Self::Failed),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for RunStatus {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for RunStatus {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`SendWebhookTestIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct SendWebhookTestIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for SendWebhookTestIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<SendWebhookTestIdempotencyKey> for ::std::string::String {
        fn from(value: SendWebhookTestIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for SendWebhookTestIdempotencyKey {
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

    impl ::std::convert::TryFrom<&str> for SendWebhookTestIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for SendWebhookTestIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for SendWebhookTestIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct SettleIn {
        ///`succeeded` or `failed`; anything else is `422 invalid_status`.
        pub status: ::std::string::String,
    }

    impl SettleIn {
        pub fn builder() -> builder::SettleIn {
            Default::default()
        }
    }

    ///`SettleRunIdempotencyKey`
    #[derive(:: serde :: Serialize, Clone, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
    #[serde(transparent)]
    pub struct SettleRunIdempotencyKey(::std::string::String);
    impl ::std::ops::Deref for SettleRunIdempotencyKey {
        type Target = ::std::string::String;
        fn deref(&self) -> &::std::string::String {
            &self.0
        }
    }

    impl ::std::convert::From<SettleRunIdempotencyKey> for ::std::string::String {
        fn from(value: SettleRunIdempotencyKey) -> Self {
            value.0
        }
    }

    impl ::std::str::FromStr for SettleRunIdempotencyKey {
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

    impl ::std::convert::TryFrom<&str> for SettleRunIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for SettleRunIdempotencyKey {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl<'de> ::serde::Deserialize<'de> for SettleRunIdempotencyKey {
        fn deserialize<D>(deserializer: D) -> ::std::result::Result<Self, D::Error>
        where
            D: ::serde::Deserializer<'de>,
        {
            ::std::string::String::deserialize(deserializer)?.parse().map_err(
                |e: self::error::ConversionError| <D::Error as ::serde::de::Error>::custom(e.to_string()),
            )
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

    ///`TestSent`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct TestSent {
        #[serde(rename = "endpointId")]
        pub endpoint_id: ::uuid::Uuid,
        pub event: TestSentEvent,
        ///`test_<uuid>:webhook.test`
        #[serde(rename = "eventId")]
        pub event_id: ::std::string::String,
    }

    impl TestSent {
        pub fn builder() -> builder::TestSent {
            Default::default()
        }
    }

    ///`TestSentEvent`
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
    pub enum TestSentEvent {
        #[serde(rename = "webhook.test")]
        WebhookTest,
    }

    impl ::std::fmt::Display for TestSentEvent {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            match *self {
                Self::WebhookTest => f.write_str("webhook.test"),
            }
        }
    }

    impl ::std::str::FromStr for TestSentEvent {
        type Err = self::error::ConversionError;
        fn from_str(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            match value {
                "webhook.test" => Ok(Self::WebhookTest),
                _ => Err("invalid value".into()),
            }
        }
    }

    impl ::std::convert::TryFrom<&str> for TestSentEvent {
        type Error = self::error::ConversionError;
        fn try_from(value: &str) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    impl ::std::convert::TryFrom<::std::string::String> for TestSentEvent {
        type Error = self::error::ConversionError;
        fn try_from(
            value: ::std::string::String,
        ) -> ::std::result::Result<Self, self::error::ConversionError> {
            value.parse()
        }
    }

    ///`Token`
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    pub struct Token {
        pub account: ::std::string::String,
        ///When the token expires (whole seconds, as its `exp` says).
        #[serde(rename = "expiresAt")]
        pub expires_at: ::chrono::DateTime<::chrono::offset::Utc>,
        ///A session JWT (HS256) for `Authorization: Bearer` on every other
        /// route.
        pub token: ::std::string::String,
    }

    impl Token {
        pub fn builder() -> builder::Token {
            Default::default()
        }
    }

    ///Unknown fields are refused: `422 unknown_field`, naming the field meant.
    #[derive(:: serde :: Deserialize, :: serde :: Serialize, Clone, Debug)]
    #[serde(deny_unknown_fields)]
    pub struct TokenIn {
        ///The account id (the token's `sub`): 1 to 200 characters, no control
        /// characters; any account of the product's.
        pub account: ::std::string::String,
        ///The token's lifetime in seconds: 60 to 30 days; default an hour.
        #[serde(rename = "ttlSeconds", default = "defaults::default_u64::<i64, 3600>")]
        pub ttl_seconds: i64,
    }

    impl TokenIn {
        pub fn builder() -> builder::TokenIn {
            Default::default()
        }
    }

    /// Types for composing complex structures.
    pub mod builder {
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
            account: ::std::result::Result<::std::string::String, ::std::string::String>,
            page: ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
        }

        impl ::std::default::Default for ConsoleLinkIn {
            fn default() -> Self {
                Self {
                    account: Err("no value supplied for account".to_string()),
                    page: Ok(Default::default()),
                }
            }
        }

        impl ConsoleLinkIn {
            pub fn account<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.account =
                    value.try_into().map_err(|e| format!("error converting supplied value for account: {e}"));
                self
            }
            pub fn page<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.page =
                    value.try_into().map_err(|e| format!("error converting supplied value for page: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<ConsoleLinkIn> for super::ConsoleLinkIn {
            type Error = super::error::ConversionError;
            fn try_from(value: ConsoleLinkIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { account: value.account?, page: value.page? })
            }
        }

        impl ::std::convert::From<super::ConsoleLinkIn> for ConsoleLinkIn {
            fn from(value: super::ConsoleLinkIn) -> Self {
                Self { account: Ok(value.account), page: Ok(value.page) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Delivery {
            attempt_count: ::std::result::Result<i64, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            delivery_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            event: ::std::result::Result<::std::string::String, ::std::string::String>,
            event_id: ::std::result::Result<::std::string::String, ::std::string::String>,
            last_error:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            next_attempt_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            payload_expired: ::std::result::Result<bool, ::std::string::String>,
            response_code: ::std::result::Result<::std::option::Option<i64>, ::std::string::String>,
            status: ::std::result::Result<super::DeliveryStatus, ::std::string::String>,
        }

        impl ::std::default::Default for Delivery {
            fn default() -> Self {
                Self {
                    attempt_count: Err("no value supplied for attempt_count".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    delivery_id: Err("no value supplied for delivery_id".to_string()),
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    event: Err("no value supplied for event".to_string()),
                    event_id: Err("no value supplied for event_id".to_string()),
                    last_error: Err("no value supplied for last_error".to_string()),
                    next_attempt_at: Err("no value supplied for next_attempt_at".to_string()),
                    payload_expired: Err("no value supplied for payload_expired".to_string()),
                    response_code: Err("no value supplied for response_code".to_string()),
                    status: Err("no value supplied for status".to_string()),
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
            pub fn event<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.event =
                    value.try_into().map_err(|e| format!("error converting supplied value for event: {e}"));
                self
            }
            pub fn event_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.event_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_id: {e}"));
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
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::DeliveryStatus>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Delivery> for super::Delivery {
            type Error = super::error::ConversionError;
            fn try_from(value: Delivery) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    attempt_count: value.attempt_count?,
                    created_at: value.created_at?,
                    delivery_id: value.delivery_id?,
                    endpoint_id: value.endpoint_id?,
                    event: value.event?,
                    event_id: value.event_id?,
                    last_error: value.last_error?,
                    next_attempt_at: value.next_attempt_at?,
                    payload_expired: value.payload_expired?,
                    response_code: value.response_code?,
                    status: value.status?,
                })
            }
        }

        impl ::std::convert::From<super::Delivery> for Delivery {
            fn from(value: super::Delivery) -> Self {
                Self {
                    attempt_count: Ok(value.attempt_count),
                    created_at: Ok(value.created_at),
                    delivery_id: Ok(value.delivery_id),
                    endpoint_id: Ok(value.endpoint_id),
                    event: Ok(value.event),
                    event_id: Ok(value.event_id),
                    last_error: Ok(value.last_error),
                    next_attempt_at: Ok(value.next_attempt_at),
                    payload_expired: Ok(value.payload_expired),
                    response_code: Ok(value.response_code),
                    status: Ok(value.status),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct DeliveryWithAttempts {
            attempt_count: ::std::result::Result<i64, ::std::string::String>,
            attempts: ::std::result::Result<::std::vec::Vec<super::Attempt>, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            delivery_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            event: ::std::result::Result<::std::string::String, ::std::string::String>,
            event_id: ::std::result::Result<::std::string::String, ::std::string::String>,
            last_error:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            next_attempt_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            payload_expired: ::std::result::Result<bool, ::std::string::String>,
            response_code: ::std::result::Result<::std::option::Option<i64>, ::std::string::String>,
            status: ::std::result::Result<super::DeliveryWithAttemptsStatus, ::std::string::String>,
        }

        impl ::std::default::Default for DeliveryWithAttempts {
            fn default() -> Self {
                Self {
                    attempt_count: Err("no value supplied for attempt_count".to_string()),
                    attempts: Err("no value supplied for attempts".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    delivery_id: Err("no value supplied for delivery_id".to_string()),
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    event: Err("no value supplied for event".to_string()),
                    event_id: Err("no value supplied for event_id".to_string()),
                    last_error: Err("no value supplied for last_error".to_string()),
                    next_attempt_at: Err("no value supplied for next_attempt_at".to_string()),
                    payload_expired: Err("no value supplied for payload_expired".to_string()),
                    response_code: Err("no value supplied for response_code".to_string()),
                    status: Err("no value supplied for status".to_string()),
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
            pub fn event<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.event =
                    value.try_into().map_err(|e| format!("error converting supplied value for event: {e}"));
                self
            }
            pub fn event_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.event_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_id: {e}"));
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
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::DeliveryWithAttemptsStatus>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
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
                    delivery_id: value.delivery_id?,
                    endpoint_id: value.endpoint_id?,
                    event: value.event?,
                    event_id: value.event_id?,
                    last_error: value.last_error?,
                    next_attempt_at: value.next_attempt_at?,
                    payload_expired: value.payload_expired?,
                    response_code: value.response_code?,
                    status: value.status?,
                })
            }
        }

        impl ::std::convert::From<super::DeliveryWithAttempts> for DeliveryWithAttempts {
            fn from(value: super::DeliveryWithAttempts) -> Self {
                Self {
                    attempt_count: Ok(value.attempt_count),
                    attempts: Ok(value.attempts),
                    created_at: Ok(value.created_at),
                    delivery_id: Ok(value.delivery_id),
                    endpoint_id: Ok(value.endpoint_id),
                    event: Ok(value.event),
                    event_id: Ok(value.event_id),
                    last_error: Ok(value.last_error),
                    next_attempt_at: Ok(value.next_attempt_at),
                    payload_expired: Ok(value.payload_expired),
                    response_code: Ok(value.response_code),
                    status: Ok(value.status),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Endpoint {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuth>, ::std::string::String>,
            client_certificate:
                ::std::result::Result<::std::option::Option<super::ClientCertificate>, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            disabled: ::std::result::Result<bool, ::std::string::String>,
            disabled_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            disabled_reason:
                ::std::result::Result<::std::option::Option<::std::string::String>, ::std::string::String>,
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            events: ::std::result::Result<::std::vec::Vec<::std::string::String>, ::std::string::String>,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers: ::std::result::Result<super::EndpointHeaders, ::std::string::String>,
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
            url: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for Endpoint {
            fn default() -> Self {
                Self {
                    auth: Err("no value supplied for auth".to_string()),
                    client_certificate: Err("no value supplied for client_certificate".to_string()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    disabled: Err("no value supplied for disabled".to_string()),
                    disabled_at: Err("no value supplied for disabled_at".to_string()),
                    disabled_reason: Err("no value supplied for disabled_reason".to_string()),
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    events: Err("no value supplied for events".to_string()),
                    filter: Err("no value supplied for filter".to_string()),
                    headers: Err("no value supplied for headers".to_string()),
                    rate_limit: Err("no value supplied for rate_limit".to_string()),
                    url: Err("no value supplied for url".to_string()),
                }
            }
        }

        impl Endpoint {
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
            pub fn disabled_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.disabled_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for disabled_at: {e}"));
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
            pub fn events<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::vec::Vec<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.events =
                    value.try_into().map_err(|e| format!("error converting supplied value for events: {e}"));
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

        impl ::std::convert::TryFrom<Endpoint> for super::Endpoint {
            type Error = super::error::ConversionError;
            fn try_from(value: Endpoint) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    created_at: value.created_at?,
                    disabled: value.disabled?,
                    disabled_at: value.disabled_at?,
                    disabled_reason: value.disabled_reason?,
                    endpoint_id: value.endpoint_id?,
                    events: value.events?,
                    filter: value.filter?,
                    headers: value.headers?,
                    rate_limit: value.rate_limit?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::Endpoint> for Endpoint {
            fn from(value: super::Endpoint) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    created_at: Ok(value.created_at),
                    disabled: Ok(value.disabled),
                    disabled_at: Ok(value.disabled_at),
                    disabled_reason: Ok(value.disabled_reason),
                    endpoint_id: Ok(value.endpoint_id),
                    events: Ok(value.events),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    rate_limit: Ok(value.rate_limit),
                    url: Ok(value.url),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct EndpointCreated {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuth>, ::std::string::String>,
            client_certificate:
                ::std::result::Result<::std::option::Option<super::ClientCertificate>, ::std::string::String>,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            events: ::std::result::Result<::std::vec::Vec<::std::string::String>, ::std::string::String>,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers:
                ::std::result::Result<::std::option::Option<super::EndpointHeaders>, ::std::string::String>,
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
            signing_secret: ::std::result::Result<::std::string::String, ::std::string::String>,
            url: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for EndpointCreated {
            fn default() -> Self {
                Self {
                    auth: Ok(Default::default()),
                    client_certificate: Ok(Default::default()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    events: Err("no value supplied for events".to_string()),
                    filter: Ok(Default::default()),
                    headers: Ok(Default::default()),
                    rate_limit: Ok(Default::default()),
                    signing_secret: Err("no value supplied for signing_secret".to_string()),
                    url: Err("no value supplied for url".to_string()),
                }
            }
        }

        impl EndpointCreated {
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
            pub fn events<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::vec::Vec<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.events =
                    value.try_into().map_err(|e| format!("error converting supplied value for events: {e}"));
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
            pub fn signing_secret<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.signing_secret = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for signing_secret: {e}"));
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

        impl ::std::convert::TryFrom<EndpointCreated> for super::EndpointCreated {
            type Error = super::error::ConversionError;
            fn try_from(
                value: EndpointCreated,
            ) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    created_at: value.created_at?,
                    endpoint_id: value.endpoint_id?,
                    events: value.events?,
                    filter: value.filter?,
                    headers: value.headers?,
                    rate_limit: value.rate_limit?,
                    signing_secret: value.signing_secret?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::EndpointCreated> for EndpointCreated {
            fn from(value: super::EndpointCreated) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    created_at: Ok(value.created_at),
                    endpoint_id: Ok(value.endpoint_id),
                    events: Ok(value.events),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    rate_limit: Ok(value.rate_limit),
                    signing_secret: Ok(value.signing_secret),
                    url: Ok(value.url),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct EndpointIn {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuthIn>, ::std::string::String>,
            client_certificate: ::std::result::Result<
                ::std::option::Option<super::ClientCertificateIn>,
                ::std::string::String,
            >,
            events: ::std::result::Result<::std::vec::Vec<::std::string::String>, ::std::string::String>,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers:
                ::std::result::Result<::std::option::Option<super::EndpointHeaders>, ::std::string::String>,
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
            url: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for EndpointIn {
            fn default() -> Self {
                Self {
                    auth: Ok(Default::default()),
                    client_certificate: Ok(Default::default()),
                    events: Err("no value supplied for events".to_string()),
                    filter: Ok(Default::default()),
                    headers: Ok(Default::default()),
                    rate_limit: Ok(Default::default()),
                    url: Err("no value supplied for url".to_string()),
                }
            }
        }

        impl EndpointIn {
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
            pub fn events<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::vec::Vec<::std::string::String>>,
                T::Error: ::std::fmt::Display,
            {
                self.events =
                    value.try_into().map_err(|e| format!("error converting supplied value for events: {e}"));
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

        impl ::std::convert::TryFrom<EndpointIn> for super::EndpointIn {
            type Error = super::error::ConversionError;
            fn try_from(value: EndpointIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    events: value.events?,
                    filter: value.filter?,
                    headers: value.headers?,
                    rate_limit: value.rate_limit?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::EndpointIn> for EndpointIn {
            fn from(value: super::EndpointIn) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    events: Ok(value.events),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    rate_limit: Ok(value.rate_limit),
                    url: Ok(value.url),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct EndpointPatch {
            auth: ::std::result::Result<::std::option::Option<super::EndpointAuthIn>, ::std::string::String>,
            client_certificate: ::std::result::Result<
                ::std::option::Option<super::ClientCertificateIn>,
                ::std::string::String,
            >,
            enabled: ::std::result::Result<::std::option::Option<bool>, ::std::string::String>,
            events:
                ::std::result::Result<::std::vec::Vec<super::EndpointPatchEventsItem>, ::std::string::String>,
            filter: ::std::result::Result<::std::option::Option<super::ContentFilter>, ::std::string::String>,
            headers:
                ::std::result::Result<::std::option::Option<super::EndpointHeaders>, ::std::string::String>,
            url: ::std::result::Result<::std::option::Option<super::EndpointPatchUrl>, ::std::string::String>,
        }

        impl ::std::default::Default for EndpointPatch {
            fn default() -> Self {
                Self {
                    auth: Ok(Default::default()),
                    client_certificate: Ok(Default::default()),
                    enabled: Ok(Default::default()),
                    events: Ok(Default::default()),
                    filter: Ok(Default::default()),
                    headers: Ok(Default::default()),
                    url: Ok(Default::default()),
                }
            }
        }

        impl EndpointPatch {
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
            pub fn enabled<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<bool>>,
                T::Error: ::std::fmt::Display,
            {
                self.enabled =
                    value.try_into().map_err(|e| format!("error converting supplied value for enabled: {e}"));
                self
            }
            pub fn events<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::vec::Vec<super::EndpointPatchEventsItem>>,
                T::Error: ::std::fmt::Display,
            {
                self.events =
                    value.try_into().map_err(|e| format!("error converting supplied value for events: {e}"));
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
            pub fn url<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<super::EndpointPatchUrl>>,
                T::Error: ::std::fmt::Display,
            {
                self.url =
                    value.try_into().map_err(|e| format!("error converting supplied value for url: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<EndpointPatch> for super::EndpointPatch {
            type Error = super::error::ConversionError;
            fn try_from(value: EndpointPatch) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    auth: value.auth?,
                    client_certificate: value.client_certificate?,
                    enabled: value.enabled?,
                    events: value.events?,
                    filter: value.filter?,
                    headers: value.headers?,
                    url: value.url?,
                })
            }
        }

        impl ::std::convert::From<super::EndpointPatch> for EndpointPatch {
            fn from(value: super::EndpointPatch) -> Self {
                Self {
                    auth: Ok(value.auth),
                    client_certificate: Ok(value.client_certificate),
                    enabled: Ok(value.enabled),
                    events: Ok(value.events),
                    filter: Ok(value.filter),
                    headers: Ok(value.headers),
                    url: Ok(value.url),
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
        pub struct RateLimitIn {
            rate_limit:
                ::std::result::Result<::std::option::Option<::std::num::NonZeroU64>, ::std::string::String>,
        }

        impl ::std::default::Default for RateLimitIn {
            fn default() -> Self {
                Self { rate_limit: Ok(Default::default()) }
            }
        }

        impl RateLimitIn {
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
        }

        impl ::std::convert::TryFrom<RateLimitIn> for super::RateLimitIn {
            type Error = super::error::ConversionError;
            fn try_from(value: RateLimitIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { rate_limit: value.rate_limit? })
            }
        }

        impl ::std::convert::From<super::RateLimitIn> for RateLimitIn {
            fn from(value: super::RateLimitIn) -> Self {
                Self { rate_limit: Ok(value.rate_limit) }
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
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            signing_secret: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for RotatedSecret {
            fn default() -> Self {
                Self {
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    signing_secret: Err("no value supplied for signing_secret".to_string()),
                }
            }
        }

        impl RotatedSecret {
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
            pub fn signing_secret<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.signing_secret = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for signing_secret: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<RotatedSecret> for super::RotatedSecret {
            type Error = super::error::ConversionError;
            fn try_from(value: RotatedSecret) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { endpoint_id: value.endpoint_id?, signing_secret: value.signing_secret? })
            }
        }

        impl ::std::convert::From<super::RotatedSecret> for RotatedSecret {
            fn from(value: super::RotatedSecret) -> Self {
                Self { endpoint_id: Ok(value.endpoint_id), signing_secret: Ok(value.signing_secret) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Run {
            completed_at: ::std::result::Result<
                ::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>,
                ::std::string::String,
            >,
            created_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            status: ::std::result::Result<super::RunStatus, ::std::string::String>,
            workflow_id: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for Run {
            fn default() -> Self {
                Self {
                    completed_at: Ok(Default::default()),
                    created_at: Err("no value supplied for created_at".to_string()),
                    id: Err("no value supplied for id".to_string()),
                    status: Err("no value supplied for status".to_string()),
                    workflow_id: Err("no value supplied for workflow_id".to_string()),
                }
            }
        }

        impl Run {
            pub fn completed_at<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::option::Option<::chrono::DateTime<::chrono::offset::Utc>>>,
                T::Error: ::std::fmt::Display,
            {
                self.completed_at = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for completed_at: {e}"));
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
            pub fn id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::uuid::Uuid>,
                T::Error: ::std::fmt::Display,
            {
                self.id =
                    value.try_into().map_err(|e| format!("error converting supplied value for id: {e}"));
                self
            }
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::RunStatus>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
            pub fn workflow_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.workflow_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for workflow_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Run> for super::Run {
            type Error = super::error::ConversionError;
            fn try_from(value: Run) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self {
                    completed_at: value.completed_at?,
                    created_at: value.created_at?,
                    id: value.id?,
                    status: value.status?,
                    workflow_id: value.workflow_id?,
                })
            }
        }

        impl ::std::convert::From<super::Run> for Run {
            fn from(value: super::Run) -> Self {
                Self {
                    completed_at: Ok(value.completed_at),
                    created_at: Ok(value.created_at),
                    id: Ok(value.id),
                    status: Ok(value.status),
                    workflow_id: Ok(value.workflow_id),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct RunIn {
            workflow_id: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for RunIn {
            fn default() -> Self {
                Self { workflow_id: Err("no value supplied for workflow_id".to_string()) }
            }
        }

        impl RunIn {
            pub fn workflow_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.workflow_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for workflow_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<RunIn> for super::RunIn {
            type Error = super::error::ConversionError;
            fn try_from(value: RunIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { workflow_id: value.workflow_id? })
            }
        }

        impl ::std::convert::From<super::RunIn> for RunIn {
            fn from(value: super::RunIn) -> Self {
                Self { workflow_id: Ok(value.workflow_id) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct SettleIn {
            status: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for SettleIn {
            fn default() -> Self {
                Self { status: Err("no value supplied for status".to_string()) }
            }
        }

        impl SettleIn {
            pub fn status<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.status =
                    value.try_into().map_err(|e| format!("error converting supplied value for status: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<SettleIn> for super::SettleIn {
            type Error = super::error::ConversionError;
            fn try_from(value: SettleIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { status: value.status? })
            }
        }

        impl ::std::convert::From<super::SettleIn> for SettleIn {
            fn from(value: super::SettleIn) -> Self {
                Self { status: Ok(value.status) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct TestSent {
            endpoint_id: ::std::result::Result<::uuid::Uuid, ::std::string::String>,
            event: ::std::result::Result<super::TestSentEvent, ::std::string::String>,
            event_id: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for TestSent {
            fn default() -> Self {
                Self {
                    endpoint_id: Err("no value supplied for endpoint_id".to_string()),
                    event: Err("no value supplied for event".to_string()),
                    event_id: Err("no value supplied for event_id".to_string()),
                }
            }
        }

        impl TestSent {
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
            pub fn event<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<super::TestSentEvent>,
                T::Error: ::std::fmt::Display,
            {
                self.event =
                    value.try_into().map_err(|e| format!("error converting supplied value for event: {e}"));
                self
            }
            pub fn event_id<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.event_id = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for event_id: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<TestSent> for super::TestSent {
            type Error = super::error::ConversionError;
            fn try_from(value: TestSent) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { endpoint_id: value.endpoint_id?, event: value.event?, event_id: value.event_id? })
            }
        }

        impl ::std::convert::From<super::TestSent> for TestSent {
            fn from(value: super::TestSent) -> Self {
                Self {
                    endpoint_id: Ok(value.endpoint_id),
                    event: Ok(value.event),
                    event_id: Ok(value.event_id),
                }
            }
        }

        #[derive(Clone, Debug)]
        pub struct Token {
            account: ::std::result::Result<::std::string::String, ::std::string::String>,
            expires_at:
                ::std::result::Result<::chrono::DateTime<::chrono::offset::Utc>, ::std::string::String>,
            token: ::std::result::Result<::std::string::String, ::std::string::String>,
        }

        impl ::std::default::Default for Token {
            fn default() -> Self {
                Self {
                    account: Err("no value supplied for account".to_string()),
                    expires_at: Err("no value supplied for expires_at".to_string()),
                    token: Err("no value supplied for token".to_string()),
                }
            }
        }

        impl Token {
            pub fn account<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.account =
                    value.try_into().map_err(|e| format!("error converting supplied value for account: {e}"));
                self
            }
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
            pub fn token<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.token =
                    value.try_into().map_err(|e| format!("error converting supplied value for token: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<Token> for super::Token {
            type Error = super::error::ConversionError;
            fn try_from(value: Token) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { account: value.account?, expires_at: value.expires_at?, token: value.token? })
            }
        }

        impl ::std::convert::From<super::Token> for Token {
            fn from(value: super::Token) -> Self {
                Self { account: Ok(value.account), expires_at: Ok(value.expires_at), token: Ok(value.token) }
            }
        }

        #[derive(Clone, Debug)]
        pub struct TokenIn {
            account: ::std::result::Result<::std::string::String, ::std::string::String>,
            ttl_seconds: ::std::result::Result<i64, ::std::string::String>,
        }

        impl ::std::default::Default for TokenIn {
            fn default() -> Self {
                Self {
                    account: Err("no value supplied for account".to_string()),
                    ttl_seconds: Ok(super::defaults::default_u64::<i64, 3600>()),
                }
            }
        }

        impl TokenIn {
            pub fn account<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<::std::string::String>,
                T::Error: ::std::fmt::Display,
            {
                self.account =
                    value.try_into().map_err(|e| format!("error converting supplied value for account: {e}"));
                self
            }
            pub fn ttl_seconds<T>(mut self, value: T) -> Self
            where
                T: ::std::convert::TryInto<i64>,
                T::Error: ::std::fmt::Display,
            {
                self.ttl_seconds = value
                    .try_into()
                    .map_err(|e| format!("error converting supplied value for ttl_seconds: {e}"));
                self
            }
        }

        impl ::std::convert::TryFrom<TokenIn> for super::TokenIn {
            type Error = super::error::ConversionError;
            fn try_from(value: TokenIn) -> ::std::result::Result<Self, super::error::ConversionError> {
                Ok(Self { account: value.account?, ttl_seconds: value.ttl_seconds? })
            }
        }

        impl ::std::convert::From<super::TokenIn> for TokenIn {
            fn from(value: super::TokenIn) -> Self {
                Self { account: Ok(value.account), ttl_seconds: Ok(value.ttl_seconds) }
            }
        }
    }

    /// Generation of default values for serde.
    pub mod defaults {
        pub(super) fn default_u64<T, const V: u64>() -> T
        where
            T: ::std::convert::TryFrom<u64>,
            <T as ::std::convert::TryFrom<u64>>::Error: ::std::fmt::Debug,
        {
            T::try_from(V).unwrap()
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
///Client for workflow-api
///
///Run webhooks: signed deliveries when workflow runs settle. Every route but
/// `GET /openapi.json` needs `Authorization: Bearer <jwt>`. Every error body is
/// `{"code", "detail"}`. Besides the responses listed per operation, an unknown
/// path answers `404 not_found` and a known path with another method `405
/// method_not_allowed` (components/responses/MethodNotAllowed), both without
/// authentication. Reference: docs/workflow-api.md.
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
    ///List the account's endpoints
    ///
    ///Sends a `GET` request to `/webhooks`
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
    ///Sends a `POST` request to `/webhooks`
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

    ///The delivery log, newest first
    ///
    ///Sends a `GET` request to `/webhooks/deliveries`
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
    /// - `endpoint_id`: Only deliveries to this endpoint (an extension of the
    ///   spec). Not a UUID: `422 invalid_endpoint_id`.
    /// - `event`: Only deliveries of this event kind (an extension of the
    ///   spec). Any other value is `422 invalid_events`.
    /// - `limit`: 1 to 100, default 20. Anything else (`0`, `101`, `1.5`,
    ///   `abc`, empty) is `422 invalid_limit`.
    /// - `status`: Only deliveries in this state (an extension of the spec).
    ///   Any other value is `422 invalid_status`.
    ///```ignore
    /// let response = client.list_deliveries()
    ///    .after(after)
    ///    .created_before(created_before)
    ///    .created_from(created_from)
    ///    .endpoint_id(endpoint_id)
    ///    .event(event)
    ///    .limit(limit)
    ///    .status(status)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_deliveries(&self) -> builder::ListDeliveries<'_> {
        builder::ListDeliveries::new(self)
    }

    ///One delivery and its attempts (an extension of the spec)
    ///
    ///Sends a `GET` request to `/webhooks/deliveries/{deliveryId}`
    ///
    ///Arguments:
    /// - `delivery_id`: The delivery id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.get_delivery()
    ///    .delivery_id(delivery_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_delivery(&self) -> builder::GetDelivery<'_> {
        builder::GetDelivery::new(self)
    }

    ///Re-send a delivery now
    ///
    ///A dead letter gets exactly one more attempt; one awaiting retry is
    /// brought forward; one in flight is left to finish. The request body, if
    /// any, is ignored.
    ///
    ///Sends a `POST` request to `/webhooks/deliveries/{deliveryId}/retry`
    ///
    ///Arguments:
    /// - `delivery_id`: The delivery id (a UUID). Any other value answers `404
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
    /// let response = client.retry_delivery()
    ///    .delivery_id(delivery_id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn retry_delivery(&self) -> builder::RetryDelivery<'_> {
        builder::RetryDelivery::new(self)
    }

    ///Open a listen session and stream its deliveries (Server-Sent Events)
    ///
    ///An extension for developers (the `listen` subcommand; docs/receiving.md
    /// "Listen on your laptop"). The request must send `Accept:
    /// text/event-stream`. A new session is a temporary endpoint of the account
    /// (filtered by `events`, with a signing secret of its own, shown once in
    /// the `session` event); its deliveries are sent down this stream as
    /// `delivery` events (`deliveryId`, `eventType`, `attempt`, `replyToken`,
    /// `headers` as `[name, value]` pairs, `body` in base64) and answered with
    /// `POST /webhooks/listen/{sessionId}/replies`. A comment line (`: ping`)
    /// every 2 s keeps the stream alive; an `end` event closes it. With
    /// `session`, the stream takes an existing session again and its waiting
    /// deliveries are sent at once. A session expires `LISTEN_SESSION_TTL`
    /// after its stream was last seen; an account has at most
    /// `LISTEN_MAX_SESSIONS` live ones. Listen sessions are not listed by the
    /// endpoint list.
    ///
    ///Sends a `GET` request to `/webhooks/listen`
    ///
    ///Arguments:
    /// - `events`: Comma-separated event types to receive (`run.completed`,
    ///   `run.failed`); every type when absent. Ignored with `session`.
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
    ///Sends a `DELETE` request to `/webhooks/listen/{sessionId}`
    ///
    ///Arguments:
    /// - `session_id`: The listen session id (a UUID; also its endpoint's id in
    ///   the delivery log). Any other value, or another account's session,
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
    ///Sends a `POST` request to `/webhooks/listen/{sessionId}/replies`
    ///
    ///Arguments:
    /// - `session_id`: The listen session id (a UUID; also its endpoint's id in
    ///   the delivery log). Any other value, or another account's session,
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

    ///Read one endpoint (an extension of the spec)
    ///
    ///Sends a `GET` request to `/webhooks/{endpointId}`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.get_webhook()
    ///    .endpoint_id(endpoint_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_webhook(&self) -> builder::GetWebhook<'_> {
        builder::GetWebhook::new(self)
    }

    ///Delete an endpoint
    ///
    ///Sends a `DELETE` request to `/webhooks/{endpointId}`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.delete_webhook()
    ///    .endpoint_id(endpoint_id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn delete_webhook(&self) -> builder::DeleteWebhook<'_> {
        builder::DeleteWebhook::new(self)
    }

    ///Change an endpoint (an extension of the spec)
    ///
    ///Changes what is present: the URL, the event kinds, or whether the
    /// endpoint is enabled (`false` disables it: its deliveries wait, parked,
    /// until it is enabled again; `true` enables it, as `POST
    /// /webhooks/{endpointId}/enable`). The endpoint keeps its id and its
    /// signing secret.
    ///
    ///Sends a `PATCH` request to `/webhooks/{endpointId}`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `body`
    ///```ignore
    /// let response = client.update_webhook()
    ///    .endpoint_id(endpoint_id)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn update_webhook(&self) -> builder::UpdateWebhook<'_> {
        builder::UpdateWebhook::new(self)
    }

    ///Replace an endpoint's signing secret
    ///
    ///The request body, if any, is ignored.
    ///
    ///Sends a `POST` request to `/webhooks/{endpointId}/rotate-secret`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
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
    ///    .endpoint_id(endpoint_id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn rotate_webhook_secret(&self) -> builder::RotateWebhookSecret<'_> {
        builder::RotateWebhookSecret::new(self)
    }

    ///Send a `webhook.test` event to one endpoint
    ///
    ///The request body, if any, is ignored.
    ///
    ///Sends a `POST` request to `/webhooks/{endpointId}/test`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
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
    /// let response = client.send_webhook_test()
    ///    .endpoint_id(endpoint_id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn send_webhook_test(&self) -> builder::SendWebhookTest<'_> {
        builder::SendWebhookTest::new(self)
    }

    ///Enable a disabled endpoint
    ///
    ///Enabling an endpoint that is not disabled is a no-op that answers 200.
    /// The request body, if any, is ignored.
    ///
    ///Sends a `POST` request to `/webhooks/{endpointId}/enable`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
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
    /// let response = client.enable_webhook()
    ///    .endpoint_id(endpoint_id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn enable_webhook(&self) -> builder::EnableWebhook<'_> {
        builder::EnableWebhook::new(self)
    }

    ///Set or remove an endpoint's rate limit
    ///
    ///An extension. Replaces the endpoint's rate limit (deliveries per second
    /// at most, per worker process); absent or null removes it. Takes effect at
    /// the endpoint's next claimed delivery. See docs/workflow-api.md.
    ///
    ///Sends a `PUT` request to `/webhooks/{endpointId}/rate-limit`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `body`
    ///```ignore
    /// let response = client.set_webhook_rate_limit()
    ///    .endpoint_id(endpoint_id)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn set_webhook_rate_limit(&self) -> builder::SetWebhookRateLimit<'_> {
        builder::SetWebhookRateLimit::new(self)
    }

    ///The endpoint's recovery jobs, newest first (the last 100)
    ///
    ///Sends a `GET` request to `/webhooks/{endpointId}/recoveries`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    ///```ignore
    /// let response = client.list_recoveries()
    ///    .endpoint_id(endpoint_id)
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
    /// that is `failed` or `dead_letter` now, that is, never delivered since
    /// (with `includeDelivered`, delivered ones too), keeping each delivery's
    /// id and event id. `dryRun: true` only counts them (200). Otherwise a job
    /// is queued (202, `Location`) and worked through in batches of 200, oldest
    /// first, with no cap on the total; it survives restarts without re-sending
    /// twice. The window spans at most 90 days and may not end in the future.
    /// One active (queued or running) job per endpoint: a second answers `409
    /// recovery_already_active` with `activeRecoveryId`. Reference:
    /// docs/workflow-api.md 4.13.
    ///
    ///Sends a `POST` request to `/webhooks/{endpointId}/recoveries`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
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
    ///    .endpoint_id(endpoint_id)
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
    ///Sends a `GET` request to
    /// `/webhooks/{endpointId}/recoveries/{recoveryId}`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
    ///   not_found`, like an unknown id.
    /// - `recovery_id`: The recovery job's id (a UUID). Any other value, or a
    ///   job of another endpoint, answers `404 not_found`, like an unknown id.
    ///```ignore
    /// let response = client.get_recovery()
    ///    .endpoint_id(endpoint_id)
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
    /// `/webhooks/{endpointId}/recoveries/{recoveryId}/cancel`
    ///
    ///Arguments:
    /// - `endpoint_id`: The endpoint id (a UUID). Any other value answers `404
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
    ///    .endpoint_id(endpoint_id)
    ///    .recovery_id(recovery_id)
    ///    .idempotency_key(idempotency_key)
    ///    .send()
    ///    .await;
    /// ```
    pub fn cancel_recovery(&self) -> builder::CancelRecovery<'_> {
        builder::CancelRecovery::new(self)
    }

    ///The account's runs, newest first (an extension of the spec)
    ///
    ///Sends a `GET` request to `/runs`
    ///
    ///Arguments:
    /// - `after`: Keyset cursor, opaque: the `after` of the previous page's
    ///   `Link` header (the position of its last run); answers the runs after
    ///   it, older. Not such a cursor: `422 invalid_cursor`.
    /// - `limit`: 1 to 100, default 20, as in the delivery log. Anything else
    ///   is `422 invalid_limit`.
    ///```ignore
    /// let response = client.list_runs()
    ///    .after(after)
    ///    .limit(limit)
    ///    .send()
    ///    .await;
    /// ```
    pub fn list_runs(&self) -> builder::ListRuns<'_> {
        builder::ListRuns::new(self)
    }

    ///Start a workflow run
    ///
    ///Sends a `POST` request to `/runs`
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
    /// let response = client.create_run()
    ///    .idempotency_key(idempotency_key)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn create_run(&self) -> builder::CreateRun<'_> {
        builder::CreateRun::new(self)
    }

    ///Read a run
    ///
    ///Sends a `GET` request to `/runs/{id}`
    ///
    ///Arguments:
    /// - `id`: The run id (a UUID). Any other value answers `404 not_found`,
    ///   like an unknown id.
    ///```ignore
    /// let response = client.get_run()
    ///    .id(id)
    ///    .send()
    ///    .await;
    /// ```
    pub fn get_run(&self) -> builder::GetRun<'_> {
        builder::GetRun::new(self)
    }

    ///Settle a run; emits `run.completed` or `run.failed`
    ///
    ///Sends a `POST` request to `/runs/{id}/settle`
    ///
    ///Arguments:
    /// - `id`: The run id (a UUID). Any other value answers `404 not_found`,
    ///   like an unknown id.
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
    /// let response = client.settle_run()
    ///    .id(id)
    ///    .idempotency_key(idempotency_key)
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn settle_run(&self) -> builder::SettleRun<'_> {
        builder::SettleRun::new(self)
    }

    ///This OpenAPI document of workflow-api
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

    ///Mint a session token for an account
    ///
    ///The `token` command does the same.
    ///
    ///Sends a `POST` request to `/operator/v1/tokens`
    ///
    ///```ignore
    /// let response = client.create_token()
    ///    .body(body)
    ///    .send()
    ///    .await;
    /// ```
    pub fn create_token(&self) -> builder::CreateToken<'_> {
        builder::CreateToken::new(self)
    }

    ///Mint a console sign-in link for an account
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

        ///Sends a `GET` request to `/webhooks`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::Endpoint>>, Error<types::Error>> {
            let Self { client, after, limit } = self;
            let after = after.map_err(Error::InvalidRequest)?;
            let limit = limit.map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks", client.baseurl,);
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
        body: Result<types::builder::EndpointIn, String>,
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
            V: std::convert::TryInto<types::EndpointIn>,
            <V as std::convert::TryInto<types::EndpointIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `EndpointIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::EndpointIn) -> types::builder::EndpointIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/webhooks`
        pub async fn send(self) -> Result<ResponseValue<types::EndpointCreated>, Error<types::Error>> {
            let Self { client, idempotency_key, body } = self;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::EndpointIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks", client.baseurl,);
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
        event: Result<Option<types::ListDeliveriesEvent>, String>,
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
                event: Ok(None),
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

        pub fn event<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListDeliveriesEvent>,
        {
            self.event = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `ListDeliveriesEvent` for event failed".to_string());
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

        ///Sends a `GET` request to `/webhooks/deliveries`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::Delivery>>, Error<types::Error>> {
            let Self { client, after, created_before, created_from, endpoint_id, event, limit, status } =
                self;
            let after = after.map_err(Error::InvalidRequest)?;
            let created_before = created_before.map_err(Error::InvalidRequest)?;
            let created_from = created_from.map_err(Error::InvalidRequest)?;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let event = event.map_err(Error::InvalidRequest)?;
            let limit = limit.map_err(Error::InvalidRequest)?;
            let status = status.map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks/deliveries", client.baseurl,);
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
                .query(&progenitor_client::QueryParam::new("event", &event))
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
        delivery_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetDelivery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, delivery_id: Err("delivery_id was not initialized".to_string()) }
        }

        pub fn delivery_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.delivery_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for delivery_id failed".to_string());
            self
        }

        ///Sends a `GET` request to `/webhooks/deliveries/{deliveryId}`
        pub async fn send(self) -> Result<ResponseValue<types::DeliveryWithAttempts>, Error<types::Error>> {
            let Self { client, delivery_id } = self;
            let delivery_id = delivery_id.map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/webhooks/deliveries/{}", client.baseurl, encode_path(&delivery_id.to_string()),);
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

    ///Builder for [`Client::retry_delivery`]
    ///
    ///[`Client::retry_delivery`]: super::Client::retry_delivery
    #[derive(Debug, Clone)]
    pub struct RetryDelivery<'a> {
        client: &'a super::Client,
        delivery_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::RetryDeliveryIdempotencyKey>, String>,
    }

    impl<'a> RetryDelivery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                delivery_id: Err("delivery_id was not initialized".to_string()),
                idempotency_key: Ok(None),
            }
        }

        pub fn delivery_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.delivery_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for delivery_id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::RetryDeliveryIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `RetryDeliveryIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        ///Sends a `POST` request to `/webhooks/deliveries/{deliveryId}/retry`
        pub async fn send(self) -> Result<ResponseValue<types::Delivery>, Error<types::Error>> {
            let Self { client, delivery_id, idempotency_key } = self;
            let delivery_id = delivery_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/webhooks/deliveries/{}/retry",
                client.baseurl,
                encode_path(&delivery_id.to_string()),
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
            let info = OperationInfo { operation_id: "retry_delivery" };
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

        ///Sends a `GET` request to `/webhooks/listen`
        pub async fn send(self) -> Result<ResponseValue<ByteStream>, Error<types::Error>> {
            let Self { client, events, filter, session } = self;
            let events = events.map_err(Error::InvalidRequest)?;
            let filter = filter.map_err(Error::InvalidRequest)?;
            let session = session.map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks/listen", client.baseurl,);
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

        ///Sends a `DELETE` request to `/webhooks/listen/{sessionId}`
        pub async fn send(self) -> Result<ResponseValue<()>, Error<types::Error>> {
            let Self { client, session_id } = self;
            let session_id = session_id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks/listen/{}", client.baseurl, encode_path(&session_id.to_string()),);
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

        ///Sends a `POST` request to `/webhooks/listen/{sessionId}/replies`
        pub async fn send(self) -> Result<ResponseValue<()>, Error<types::Error>> {
            let Self { client, session_id, idempotency_key, body } = self;
            let session_id = session_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::ListenReplyIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/webhooks/listen/{}/replies",
                client.baseurl,
                encode_path(&session_id.to_string()),
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

    ///Builder for [`Client::get_webhook`]
    ///
    ///[`Client::get_webhook`]: super::Client::get_webhook
    #[derive(Debug, Clone)]
    pub struct GetWebhook<'a> {
        client: &'a super::Client,
        endpoint_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, endpoint_id: Err("endpoint_id was not initialized".to_string()) }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        ///Sends a `GET` request to `/webhooks/{endpointId}`
        pub async fn send(self) -> Result<ResponseValue<types::Endpoint>, Error<types::Error>> {
            let Self { client, endpoint_id } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks/{}", client.baseurl, encode_path(&endpoint_id.to_string()),);
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
        endpoint_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> DeleteWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, endpoint_id: Err("endpoint_id was not initialized".to_string()) }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        ///Sends a `DELETE` request to `/webhooks/{endpointId}`
        pub async fn send(self) -> Result<ResponseValue<()>, Error<types::Error>> {
            let Self { client, endpoint_id } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks/{}", client.baseurl, encode_path(&endpoint_id.to_string()),);
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
        endpoint_id: Result<::uuid::Uuid, String>,
        body: Result<types::builder::EndpointPatch, String>,
    }

    impl<'a> UpdateWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                body: Ok(::std::default::Default::default()),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::EndpointPatch>,
            <V as std::convert::TryInto<types::EndpointPatch>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `EndpointPatch` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::EndpointPatch) -> types::builder::EndpointPatch,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `PATCH` request to `/webhooks/{endpointId}`
        pub async fn send(self) -> Result<ResponseValue<types::Endpoint>, Error<types::Error>> {
            let Self { client, endpoint_id, body } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::EndpointPatch::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks/{}", client.baseurl, encode_path(&endpoint_id.to_string()),);
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
        endpoint_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::RotateWebhookSecretIdempotencyKey>, String>,
    }

    impl<'a> RotateWebhookSecret<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                idempotency_key: Ok(None),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
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

        ///Sends a `POST` request to `/webhooks/{endpointId}/rotate-secret`
        pub async fn send(self) -> Result<ResponseValue<types::RotatedSecret>, Error<types::Error>> {
            let Self { client, endpoint_id, idempotency_key } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/webhooks/{}/rotate-secret",
                client.baseurl,
                encode_path(&endpoint_id.to_string()),
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

    ///Builder for [`Client::send_webhook_test`]
    ///
    ///[`Client::send_webhook_test`]: super::Client::send_webhook_test
    #[derive(Debug, Clone)]
    pub struct SendWebhookTest<'a> {
        client: &'a super::Client,
        endpoint_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::SendWebhookTestIdempotencyKey>, String>,
    }

    impl<'a> SendWebhookTest<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                idempotency_key: Ok(None),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::SendWebhookTestIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `SendWebhookTestIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        ///Sends a `POST` request to `/webhooks/{endpointId}/test`
        pub async fn send(self) -> Result<ResponseValue<types::TestSent>, Error<types::Error>> {
            let Self { client, endpoint_id, idempotency_key } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url = format!("{}/webhooks/{}/test", client.baseurl, encode_path(&endpoint_id.to_string()),);
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
            let info = OperationInfo { operation_id: "send_webhook_test" };
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {
                202u16 => ResponseValue::from_response(response).await,
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

    ///Builder for [`Client::enable_webhook`]
    ///
    ///[`Client::enable_webhook`]: super::Client::enable_webhook
    #[derive(Debug, Clone)]
    pub struct EnableWebhook<'a> {
        client: &'a super::Client,
        endpoint_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::EnableWebhookIdempotencyKey>, String>,
    }

    impl<'a> EnableWebhook<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                idempotency_key: Ok(None),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::EnableWebhookIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `EnableWebhookIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        ///Sends a `POST` request to `/webhooks/{endpointId}/enable`
        pub async fn send(self) -> Result<ResponseValue<types::Endpoint>, Error<types::Error>> {
            let Self { client, endpoint_id, idempotency_key } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/webhooks/{}/enable", client.baseurl, encode_path(&endpoint_id.to_string()),);
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
            let info = OperationInfo { operation_id: "enable_webhook" };
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

    ///Builder for [`Client::set_webhook_rate_limit`]
    ///
    ///[`Client::set_webhook_rate_limit`]: super::Client::set_webhook_rate_limit
    #[derive(Debug, Clone)]
    pub struct SetWebhookRateLimit<'a> {
        client: &'a super::Client,
        endpoint_id: Result<::uuid::Uuid, String>,
        body: Result<types::builder::RateLimitIn, String>,
    }

    impl<'a> SetWebhookRateLimit<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                body: Ok(::std::default::Default::default()),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::RateLimitIn>,
            <V as std::convert::TryInto<types::RateLimitIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `RateLimitIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::RateLimitIn) -> types::builder::RateLimitIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `PUT` request to `/webhooks/{endpointId}/rate-limit`
        pub async fn send(self) -> Result<ResponseValue<types::Endpoint>, Error<types::Error>> {
            let Self { client, endpoint_id, body } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::RateLimitIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/webhooks/{}/rate-limit", client.baseurl, encode_path(&endpoint_id.to_string()),);
            let mut header_map = ::reqwest::header::HeaderMap::with_capacity(1usize);
            header_map.append(
                ::reqwest::header::HeaderName::from_static("api-version"),
                ::reqwest::header::HeaderValue::from_static(super::Client::api_version()),
            );
            #[allow(unused_mut)]
            let mut request = client
                .client
                .put(url)
                .header(
                    ::reqwest::header::ACCEPT,
                    ::reqwest::header::HeaderValue::from_static("application/json"),
                )
                .json(&body)
                .headers(header_map)
                .build()?;
            let info = OperationInfo { operation_id: "set_webhook_rate_limit" };
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

    ///Builder for [`Client::list_recoveries`]
    ///
    ///[`Client::list_recoveries`]: super::Client::list_recoveries
    #[derive(Debug, Clone)]
    pub struct ListRecoveries<'a> {
        client: &'a super::Client,
        endpoint_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> ListRecoveries<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, endpoint_id: Err("endpoint_id was not initialized".to_string()) }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
            self
        }

        ///Sends a `GET` request to `/webhooks/{endpointId}/recoveries`
        pub async fn send(
            self,
        ) -> Result<ResponseValue<::std::vec::Vec<types::RecoveryJob>>, Error<types::Error>> {
            let Self { client, endpoint_id } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/webhooks/{}/recoveries", client.baseurl, encode_path(&endpoint_id.to_string()),);
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
        endpoint_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::StartRecoveryIdempotencyKey>, String>,
        body: Result<types::builder::RecoveryIn, String>,
    }

    impl<'a> StartRecovery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                idempotency_key: Ok(None),
                body: Ok(::std::default::Default::default()),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
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

        ///Sends a `POST` request to `/webhooks/{endpointId}/recoveries`
        pub async fn send(self) -> Result<ResponseValue<types::RecoveryStarted>, Error<types::Error>> {
            let Self { client, endpoint_id, idempotency_key, body } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::RecoveryIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url =
                format!("{}/webhooks/{}/recoveries", client.baseurl, encode_path(&endpoint_id.to_string()),);
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
        endpoint_id: Result<::uuid::Uuid, String>,
        recovery_id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetRecovery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                recovery_id: Err("recovery_id was not initialized".to_string()),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
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
        /// `/webhooks/{endpointId}/recoveries/{recoveryId}`
        pub async fn send(self) -> Result<ResponseValue<types::RecoveryJob>, Error<types::Error>> {
            let Self { client, endpoint_id, recovery_id } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let recovery_id = recovery_id.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/webhooks/{}/recoveries/{}",
                client.baseurl,
                encode_path(&endpoint_id.to_string()),
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
        endpoint_id: Result<::uuid::Uuid, String>,
        recovery_id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::CancelRecoveryIdempotencyKey>, String>,
    }

    impl<'a> CancelRecovery<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self {
                client: client,
                endpoint_id: Err("endpoint_id was not initialized".to_string()),
                recovery_id: Err("recovery_id was not initialized".to_string()),
                idempotency_key: Ok(None),
            }
        }

        pub fn endpoint_id<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<::uuid::Uuid>,
        {
            self.endpoint_id = value
                .try_into()
                .map_err(|_| "conversion to `:: uuid :: Uuid` for endpoint_id failed".to_string());
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
        /// `/webhooks/{endpointId}/recoveries/{recoveryId}/cancel`
        pub async fn send(self) -> Result<ResponseValue<types::RecoveryJob>, Error<types::Error>> {
            let Self { client, endpoint_id, recovery_id, idempotency_key } = self;
            let endpoint_id = endpoint_id.map_err(Error::InvalidRequest)?;
            let recovery_id = recovery_id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let url = format!(
                "{}/webhooks/{}/recoveries/{}/cancel",
                client.baseurl,
                encode_path(&endpoint_id.to_string()),
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

    ///Builder for [`Client::list_runs`]
    ///
    ///[`Client::list_runs`]: super::Client::list_runs
    #[derive(Debug, Clone)]
    pub struct ListRuns<'a> {
        client: &'a super::Client,
        after: Result<Option<types::ListRunsAfter>, String>,
        limit: Result<Option<::std::num::NonZeroU64>, String>,
    }

    impl<'a> ListRuns<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, after: Ok(None), limit: Ok(None) }
        }

        pub fn after<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::ListRunsAfter>,
        {
            self.after = value
                .try_into()
                .map(Some)
                .map_err(|_| "conversion to `ListRunsAfter` for after failed".to_string());
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

        ///Sends a `GET` request to `/runs`
        pub async fn send(self) -> Result<ResponseValue<::std::vec::Vec<types::Run>>, Error<types::Error>> {
            let Self { client, after, limit } = self;
            let after = after.map_err(Error::InvalidRequest)?;
            let limit = limit.map_err(Error::InvalidRequest)?;
            let url = format!("{}/runs", client.baseurl,);
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
            let info = OperationInfo { operation_id: "list_runs" };
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

    ///Builder for [`Client::create_run`]
    ///
    ///[`Client::create_run`]: super::Client::create_run
    #[derive(Debug, Clone)]
    pub struct CreateRun<'a> {
        client: &'a super::Client,
        idempotency_key: Result<Option<types::CreateRunIdempotencyKey>, String>,
        body: Result<types::builder::RunIn, String>,
    }

    impl<'a> CreateRun<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, idempotency_key: Ok(None), body: Ok(::std::default::Default::default()) }
        }

        pub fn idempotency_key<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::CreateRunIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `CreateRunIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::RunIn>,
            <V as std::convert::TryInto<types::RunIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `RunIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::RunIn) -> types::builder::RunIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/runs`
        pub async fn send(self) -> Result<ResponseValue<types::Run>, Error<types::Error>> {
            let Self { client, idempotency_key, body } = self;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::RunIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/runs", client.baseurl,);
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
            let info = OperationInfo { operation_id: "create_run" };
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

    ///Builder for [`Client::get_run`]
    ///
    ///[`Client::get_run`]: super::Client::get_run
    #[derive(Debug, Clone)]
    pub struct GetRun<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
    }

    impl<'a> GetRun<'a> {
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

        ///Sends a `GET` request to `/runs/{id}`
        pub async fn send(self) -> Result<ResponseValue<types::Run>, Error<types::Error>> {
            let Self { client, id } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let url = format!("{}/runs/{}", client.baseurl, encode_path(&id.to_string()),);
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
            let info = OperationInfo { operation_id: "get_run" };
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

    ///Builder for [`Client::settle_run`]
    ///
    ///[`Client::settle_run`]: super::Client::settle_run
    #[derive(Debug, Clone)]
    pub struct SettleRun<'a> {
        client: &'a super::Client,
        id: Result<::uuid::Uuid, String>,
        idempotency_key: Result<Option<types::SettleRunIdempotencyKey>, String>,
        body: Result<types::builder::SettleIn, String>,
    }

    impl<'a> SettleRun<'a> {
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
            V: std::convert::TryInto<types::SettleRunIdempotencyKey>,
        {
            self.idempotency_key = value.try_into().map(Some).map_err(|_| {
                "conversion to `SettleRunIdempotencyKey` for idempotency_key failed".to_string()
            });
            self
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::SettleIn>,
            <V as std::convert::TryInto<types::SettleIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `SettleIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::SettleIn) -> types::builder::SettleIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/runs/{id}/settle`
        pub async fn send(self) -> Result<ResponseValue<types::Run>, Error<types::Error>> {
            let Self { client, id, idempotency_key, body } = self;
            let id = id.map_err(Error::InvalidRequest)?;
            let idempotency_key = idempotency_key.map_err(Error::InvalidRequest)?;
            let body = body
                .and_then(|v| types::SettleIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/runs/{}/settle", client.baseurl, encode_path(&id.to_string()),);
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
            let info = OperationInfo { operation_id: "settle_run" };
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

    ///Builder for [`Client::create_token`]
    ///
    ///[`Client::create_token`]: super::Client::create_token
    #[derive(Debug, Clone)]
    pub struct CreateToken<'a> {
        client: &'a super::Client,
        body: Result<types::builder::TokenIn, String>,
    }

    impl<'a> CreateToken<'a> {
        pub fn new(client: &'a super::Client) -> Self {
            Self { client: client, body: Ok(::std::default::Default::default()) }
        }

        pub fn body<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<types::TokenIn>,
            <V as std::convert::TryInto<types::TokenIn>>::Error: std::fmt::Display,
        {
            self.body = value
                .try_into()
                .map(From::from)
                .map_err(|s| format!("conversion to `TokenIn` for body failed: {}", s));
            self
        }

        pub fn body_map<F>(mut self, f: F) -> Self
        where
            F: std::ops::FnOnce(types::builder::TokenIn) -> types::builder::TokenIn,
        {
            self.body = self.body.map(f);
            self
        }

        ///Sends a `POST` request to `/operator/v1/tokens`
        pub async fn send(self) -> Result<ResponseValue<types::Token>, Error<types::Error>> {
            let Self { client, body } = self;
            let body = body
                .and_then(|v| types::TokenIn::try_from(v).map_err(|e| e.to_string()))
                .map_err(Error::InvalidRequest)?;
            let url = format!("{}/operator/v1/tokens", client.baseurl,);
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
            let info = OperationInfo { operation_id: "create_token" };
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
