// Package webhookverify receives workflow-api and campaign-api webhooks: verify a delivery
// from the raw body and its headers, sign test deliveries, and deduplicate over the sender's
// whole retry schedule. Standard library only.
//
// The HMAC key is the WHOLE secret string as UTF-8 bytes, "whsec_" prefix included. It is NOT
// base64-decoded (Standard Webhooks and Svix libraries decode it and fail on our deliveries).
package webhookverify

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every signing secret we issue.
const SecretPrefix = "whsec_"

const signatureHexLen = 64

const mismatchCauses = "Usual causes: " +
	"(1) the body was parsed and re-serialised: verify the raw request bytes, before any JSON parsing; " +
	"(2) the secret was not used whole: the HMAC key is the entire secret string as UTF-8, `whsec_` prefix " +
	"included, not base64-decoded and not stripped; " +
	"(3) the endpoint's secret was rotated: pass the previous secret as well until deliveries use the new one"

var knownPrefixes = map[string]string{
	"v1=":     "a workflow delivery (X-Webhook-Signature)",
	"sha256=": "a campaign delivery (X-<Product>-Signature)",
}

// Error codes, the same in the Rust, Python and JavaScript packages.
const (
	CodeMissingHeader     = "missing_header"
	CodeRepeatedHeader    = "repeated_header"
	CodeMalformedHeader   = "malformed_header"
	CodeSignatureMismatch = "signature_mismatch"
)

// VerifyError says why a delivery did not verify; Code is one of the Code* constants.
type VerifyError struct {
	Code    string
	Message string
}

func (e *VerifyError) Error() string { return e.Message }

// Format is which service's deliveries: header names and signature prefix.
type Format struct {
	Service         string // "workflow" or "campaign"
	SignatureHeader string
	IDHeader        string
	SignaturePrefix string
	TimestampHeader string // "" when the service sends none
}

// Workflow is workflow-api's format: X-Webhook-Signature: v1=<hex>, X-Webhook-ID.
func Workflow() Format {
	return Format{"workflow", "X-Webhook-Signature", "X-Webhook-ID", "v1=", "X-Webhook-Timestamp"}
}

var productWord = regexp.MustCompile(`^[A-Za-z0-9-]+$`)

// Campaign is campaign-api's format for the operator's PRODUCT_NAME (default "Service"):
// X-<product>-Signature: sha256=<hex>, X-<product>-Delivery.
func Campaign(product string) (Format, error) {
	if !productWord.MatchString(product) {
		return Format{}, fmt.Errorf("product word %q must be letters, digits and '-' only (it becomes X-<word>-Signature)", product)
	}
	return Format{"campaign", "X-" + product + "-Signature", "X-" + product + "-Delivery", "sha256=", ""}, nil
}

// Sign is the signature header value of body under secret (the whole "whsec_..." string).
func Sign(f Format, secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return f.SignaturePrefix + hex.EncodeToString(mac.Sum(nil))
}

// SignedHeaders are the headers of a real delivery of body signed with secret, for
// receivers' own tests.
func SignedHeaders(f Format, secret string, body []byte, deliveryID string) http.Header {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set(f.SignatureHeader, Sign(f, secret, body))
	h.Set(f.IDHeader, deliveryID)
	if f.TimestampHeader != "" {
		h.Set(f.TimestampHeader, strconv.FormatInt(time.Now().Unix(), 10))
	}
	return h
}

func malformed(header, problem string) *VerifyError {
	return &VerifyError{CodeMalformedHeader, header + " is malformed: " + problem}
}

// ParseSignature checks a header value strictly (nothing trimmed or case-folded) and returns
// its 32 signature bytes.
func ParseSignature(f Format, value string) ([]byte, error) {
	header, prefix := f.SignatureHeader, f.SignaturePrefix
	if strings.ContainsAny(value, " \t\r\n\v\f") {
		return nil, malformed(header, "the value contains whitespace; pass the header value exactly as received "+
			"(a signature never contains spaces, tabs or line breaks)")
	}
	for _, c := range []byte(value) {
		if c < 0x21 || c > 0x7e {
			return nil, malformed(header, "the value is not visible ASCII; it was garbled on the way or is not one of our signatures")
		}
	}
	if !strings.HasPrefix(value, prefix) {
		found := value
		cut := -1
		for _, sep := range []string{"=", ","} {
			if i := strings.Index(value, sep); i >= 0 && (cut < 0 || i < cut) {
				cut = i
			}
		}
		if cut >= 0 {
			found = value[:cut+1]
		} else if len(found) > 12 {
			found = found[:12]
		}
		hint := ""
		if what, ok := knownPrefixes[found]; ok {
			hint = ": that is " + what + "; verify it with that format"
		} else if strings.HasPrefix(found, "v1,") {
			hint = ": `v1,<base64>` is the Standard Webhooks / Svix form, not ours"
		}
		return nil, malformed(header, fmt.Sprintf("the value starts with `%s` but this format expects `%s`%s", found, prefix, hint))
	}
	digits := value[len(prefix):]
	if len(digits) != signatureHexLen {
		return nil, malformed(header, fmt.Sprintf("the value has %d hex digits after `%s`, not %d; was it truncated, or several signatures joined?",
			len(digits), prefix, signatureHexLen))
	}
	if digits != strings.ToLower(digits) {
		return nil, malformed(header, "the hex digits are uppercase; we send lowercase and compare exactly (something on the way changed the value)")
	}
	tag, err := hex.DecodeString(digits)
	if err != nil {
		return nil, malformed(header, "the value after `"+prefix+"` is not hexadecimal")
	}
	return tag, nil
}

// Verified is a delivery that verified.
type Verified struct {
	ID          string // the id header's value: the dedupe key
	SecretIndex int    // 0: the current secret matched; 1: the first previous secret; ...
}

// Verifier verifies deliveries of one format against the endpoint's secret and, during a
// rotation, previous ones.
type Verifier struct {
	format      Format
	keys        [][]byte
	allPrefixed bool
}

// NewVerifier takes the current secret and, while rotating, the previous ones.
func NewVerifier(f Format, secret string, previous ...string) (*Verifier, error) {
	all := append([]string{secret}, previous...)
	v := &Verifier{format: f, allPrefixed: true}
	for _, s := range all {
		if s == "" {
			return nil, errors.New("the secret is empty; is the environment variable holding it set?")
		}
		if strings.TrimSpace(s) != s {
			return nil, errors.New("the secret starts or ends with whitespace (often a newline from a file); our secrets never do, so trim it")
		}
		if !strings.HasPrefix(s, SecretPrefix) {
			v.allPrefixed = false
		}
		v.keys = append(v.keys, []byte(s))
	}
	return v, nil
}

// String keeps the secrets out of logs.
func (v *Verifier) String() string {
	return fmt.Sprintf("Verifier{%s, %d secret(s)}", v.format.Service, len(v.keys))
}

func single(h http.Header, name string) (string, error) {
	values := h.Values(name)
	switch len(values) {
	case 0:
		return "", &VerifyError{CodeMissingHeader, "no " + name + " header: the request was not sent by us, or a proxy or gateway dropped the header on the way"}
	case 1:
		return values[0], nil
	default:
		return "", &VerifyError{CodeRepeatedHeader, fmt.Sprintf("%s appears %d times; a delivery carries exactly one", name, len(values))}
	}
}

// Verify checks a delivery: body is the raw request bytes exactly as received (read it with
// io.ReadAll before any JSON decoding).
func (v *Verifier) Verify(body []byte, h http.Header) (Verified, error) {
	value, err := single(h, v.format.SignatureHeader)
	if err != nil {
		return Verified{}, err
	}
	index, err := v.VerifySignature(body, value)
	if err != nil {
		return Verified{}, err
	}
	id, err := single(h, v.format.IDHeader)
	if err != nil {
		return Verified{}, err
	}
	return Verified{ID: id, SecretIndex: index}, nil
}

// VerifySignature checks one signature header value; it returns the index of the secret that
// matched.
func (v *Verifier) VerifySignature(body []byte, headerValue string) (int, error) {
	tag, err := ParseSignature(v.format, headerValue)
	if err != nil {
		return -1, err
	}
	matched := -1
	for i, key := range v.keys {
		mac := hmac.New(sha256.New, key)
		mac.Write(body)
		if hmac.Equal(mac.Sum(nil), tag) && matched < 0 {
			matched = i
		}
	}
	if matched >= 0 {
		return matched, nil
	}
	tried := "the secret"
	if len(v.keys) > 1 {
		tried = fmt.Sprintf("any of the %d secrets", len(v.keys))
	}
	return -1, &VerifyError{CodeSignatureMismatch, fmt.Sprintf("the signature in %s does not match the body under %s tried. %s%s",
		v.format.SignatureHeader, tried, v.likelyCause(body), mismatchCauses)}
}

func (v *Verifier) likelyCause(body []byte) string {
	if !v.allPrefixed {
		return "A secret does not start with `whsec_`: use the whole secret string exactly as shown at creation. "
	}
	if bytes.Contains(body, []byte("\n")) || bytes.Contains(body, []byte(`": `)) {
		return "The body looks re-serialised (it has `\": \"` or a line break; our bodies are compact JSON). "
	}
	return ""
}
