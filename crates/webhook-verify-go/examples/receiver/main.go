// A webhook receiver on net/http: read the raw body, verify, deduplicate, then process.
//
//	WEBHOOK_SECRET=whsec_... go run ./examples/receiver                  # workflow deliveries
//	WEBHOOK_FORMAT=campaign PRODUCT_NAME=Service WEBHOOK_SECRET=... go run ./examples/receiver
//
// Listens on 127.0.0.1:$PORT (default 3000; 0 picks a free port) at POST /webhooks, prints
// `listening on <addr>` on stdout, then `processed <id>` on stderr once per delivery it processes.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"

	"webhookverify"
)

func reply(w http.ResponseWriter, status int, body map[string]string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

func main() {
	format := webhookverify.Workflow()
	if os.Getenv("WEBHOOK_FORMAT") == "campaign" {
		product := os.Getenv("PRODUCT_NAME")
		if product == "" {
			product = "Service"
		}
		f, err := webhookverify.Campaign(product)
		if err != nil {
			log.Fatal(err)
		}
		format = f
	}
	verifier, err := webhookverify.NewVerifier(format, os.Getenv("WEBHOOK_SECRET"))
	if err != nil {
		log.Fatal(err)
	}
	dedupe := webhookverify.InMemory(format)

	http.HandleFunc("/webhooks", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			reply(w, http.StatusMethodNotAllowed, map[string]string{"code": "method_not_allowed"})
			return
		}
		// The raw bytes, before any JSON decoding: the signature covers them as sent.
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
		if err != nil {
			reply(w, http.StatusBadRequest, map[string]string{"code": "unreadable_body", "detail": err.Error()})
			return
		}
		delivery, err := verifier.Verify(body, r.Header)
		var ve *webhookverify.VerifyError
		if errors.As(err, &ve) {
			fmt.Fprintf(os.Stderr, "rejected delivery: %s\n", ve.Message)
			status := http.StatusBadRequest
			if ve.Code == webhookverify.CodeSignatureMismatch {
				status = http.StatusUnauthorized
			}
			reply(w, status, map[string]string{"code": ve.Code, "detail": ve.Message})
			return
		}
		// Only after verifying: the id header is not signed.
		if !dedupe.Claim(delivery.ID) {
			reply(w, http.StatusOK, map[string]string{"status": "duplicate"})
			return
		}
		var event map[string]any
		if err := json.Unmarshal(body, &event); err != nil {
			dedupe.Forget(delivery.ID) // answer 500 so the sender retries, and process the retry
			reply(w, http.StatusInternalServerError, map[string]string{"code": "not_json"})
			return
		}
		fmt.Fprintf(os.Stderr, "processed %s\n", delivery.ID)
		reply(w, http.StatusOK, map[string]string{"status": "processed"})
	})

	port := os.Getenv("PORT")
	if port == "" {
		port = "3000"
	}
	listener, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on %s\n", listener.Addr())
	log.Fatal(http.Serve(listener, nil))
}
