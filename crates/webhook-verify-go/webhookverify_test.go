package webhookverify

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

type vector struct {
	Name    string            `json:"name"`
	Format  string            `json:"format"`
	Product string            `json:"product"`
	Secret  string            `json:"secret"`
	Body    string            `json:"body"`
	Headers map[string]string `json:"headers"`
	ID      string            `json:"id"`
	Error   string            `json:"error"`
}

type vectors struct {
	Valid   []vector         `json:"valid"`
	Invalid []vector         `json:"invalid"`
	Windows map[string]int64 `json:"dedupe_window_seconds"`
}

func load(t *testing.T) vectors {
	raw, err := os.ReadFile("../../docs/webhook-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Valid) == 0 || len(v.Invalid) == 0 {
		t.Fatal("no vectors")
	}
	return v
}

func format(t *testing.T, v vector) Format {
	if v.Format == "workflow" {
		return Workflow()
	}
	f, err := Campaign(v.Product)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func headers(v vector) http.Header {
	h := http.Header{}
	for k, val := range v.Headers {
		h.Add(k, val)
	}
	return h
}

func TestValidVectorsVerifyAndSignTheSame(t *testing.T) {
	for _, v := range load(t).Valid {
		f := format(t, v)
		verifier, err := NewVerifier(f, v.Secret)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		got, err := verifier.Verify([]byte(v.Body), headers(v))
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if got.ID != v.ID || got.SecretIndex != 0 {
			t.Fatalf("%s: got %+v", v.Name, got)
		}
		if sig := headers(v).Get(f.SignatureHeader); Sign(f, v.Secret, []byte(v.Body)) != sig {
			t.Fatalf("%s: Sign disagrees with %s", v.Name, sig)
		}
	}
}

func TestInvalidVectorsFailWithTheirCode(t *testing.T) {
	for _, v := range load(t).Invalid {
		verifier, err := NewVerifier(format(t, v), v.Secret)
		if err != nil {
			t.Fatal(err)
		}
		_, err = verifier.Verify([]byte(v.Body), headers(v))
		var ve *VerifyError
		if !errors.As(err, &ve) || ve.Code != v.Error {
			t.Fatalf("%s: want %s, got %v", v.Name, v.Error, err)
		}
	}
}

func TestErrorsTeachTheUsualCause(t *testing.T) {
	secret := "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
	body := []byte(`{"event":"run.completed"}`)
	h := SignedHeaders(Workflow(), secret, body, "r1:run.completed")
	v, _ := NewVerifier(Workflow(), secret)
	_, err := v.Verify([]byte("{\"event\": \"run.completed\"}"), h)
	if err == nil || !strings.Contains(err.Error(), "re-serialised") {
		t.Fatalf("a reformatted body should say so: %v", err)
	}
	stripped, _ := NewVerifier(Workflow(), strings.TrimPrefix(secret, SecretPrefix))
	_, err = stripped.Verify(body, h)
	if err == nil || !strings.Contains(err.Error(), "does not start with `whsec_`") {
		t.Fatalf("a stripped secret should say so: %v", err)
	}
	h.Set("X-Webhook-Signature", "v1,"+strings.Repeat("a", 43))
	_, err = v.Verify(body, h)
	if err == nil || !strings.Contains(err.Error(), "Standard Webhooks") {
		t.Fatalf("the Standard Webhooks form should be named: %v", err)
	}
	if _, err := NewVerifier(Workflow(), secret+"\n"); err == nil {
		t.Fatal("a secret with a trailing newline is refused")
	}
}

func TestRotationAcceptsThePreviousSecret(t *testing.T) {
	old, current := "whsec_old0000000000000000000000000000000000", "whsec_new0000000000000000000000000000000000"
	body := []byte(`{}`)
	v, _ := NewVerifier(Workflow(), current, old)
	got, err := v.Verify(body, SignedHeaders(Workflow(), old, body, "x"))
	if err != nil || got.SecretIndex != 1 {
		t.Fatalf("got %+v, %v", got, err)
	}
	h := SignedHeaders(Workflow(), old, body, "x")
	h.Add("X-Webhook-Signature", Sign(Workflow(), current, body))
	var ve *VerifyError
	if _, err := v.Verify(body, h); !errors.As(err, &ve) || ve.Code != CodeRepeatedHeader {
		t.Fatalf("a repeated signature header is refused: %v", err)
	}
}

func TestDedupeWindowsCoverTheWholeSchedule(t *testing.T) {
	w := load(t).Windows
	if got := int64(DefaultWindow(Workflow()) / time.Second); got != w["workflow"] {
		t.Fatalf("workflow window %d, vectors say %d", got, w["workflow"])
	}
	c, _ := Campaign("Service")
	if got := int64(DefaultWindow(c) / time.Second); got != w["campaign"] {
		t.Fatalf("campaign window %d, vectors say %d", got, w["campaign"])
	}
}

func TestDeduplicatorClaimsOncePerWindowAndForgets(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	d := &Deduplicator{Window: time.Hour, Store: NewMemoryStore(), Clock: func() time.Time { return now }}
	if !d.Claim("a") || d.Claim("a") {
		t.Fatal("first claim only")
	}
	d.Forget("a")
	if !d.Claim("a") {
		t.Fatal("a forgotten id is claimed again")
	}
	now = now.Add(time.Hour)
	if !d.Claim("a") {
		t.Fatal("an expired id is claimed again")
	}
	if _, err := Campaign("bad word"); err == nil {
		t.Fatal("product words are checked")
	}
}
