import unittest

from webhook_verify import DeliveryFormat, Verifier, VerifyError, signed_headers

SECRET = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
BODY = b'{"event":"run.completed","id":"r1:run.completed"}'
WORKFLOW = DeliveryFormat.workflow()


class Verify(unittest.TestCase):
    def test_a_signed_delivery_verifies_and_yields_its_id(self):
        headers = signed_headers(WORKFLOW, SECRET, BODY, "r1:run.completed")
        self.assertIn("X-Webhook-Timestamp", headers)
        verified = Verifier(WORKFLOW, SECRET).verify(BODY, headers)
        self.assertEqual(verified.id, "r1:run.completed")

    def test_header_lists_and_lowercase_names_work(self):
        headers = [(k.lower(), v) for k, v in signed_headers(WORKFLOW, SECRET, BODY, "x").items()]
        self.assertEqual(Verifier(WORKFLOW, SECRET).verify(bytearray(BODY), headers).id, "x")

    def test_rotation_accepts_the_previous_secret_and_says_which(self):
        headers = signed_headers(WORKFLOW, "whsec_old", BODY, "x")
        verifier = Verifier(WORKFLOW, SECRET, previous_secrets=["whsec_old"])
        self.assertEqual(verifier.verify(BODY, headers).secret_index, 1)

    def test_tampered_body_and_wrong_secret_mismatch(self):
        headers = signed_headers(WORKFLOW, SECRET, BODY, "x")
        for verifier, body in [
            (Verifier(WORKFLOW, SECRET), BODY.replace(b"r1", b"r2")),
            (Verifier(WORKFLOW, "whsec_other"), BODY),
        ]:
            with self.assertRaises(VerifyError) as caught:
                verifier.verify(body, headers)
            self.assertEqual(caught.exception.code, "signature_mismatch")

    def test_errors_name_the_likely_cause(self):
        headers = signed_headers(WORKFLOW, SECRET, BODY, "x")
        with self.assertRaises(VerifyError) as caught:
            Verifier(WORKFLOW, SECRET[len("whsec_"):]).verify(BODY, headers)
        self.assertIn("does not start with `whsec_`", str(caught.exception))
        with self.assertRaises(VerifyError) as caught:
            Verifier(WORKFLOW, SECRET).verify(b'{"event": "run.completed", "id": "r1:run.completed"}', headers)
        self.assertIn("looks re-serialised", str(caught.exception))
        with self.assertRaises(VerifyError) as caught:
            Verifier(DeliveryFormat.campaign("Service"), SECRET).verify(
                BODY, {"X-Service-Signature": headers["X-Webhook-Signature"], "X-Service-Delivery": "d"}
            )
        self.assertEqual(caught.exception.code, "malformed_header")
        self.assertIn("workflow delivery", str(caught.exception))

    def test_repeated_headers_are_refused(self):
        sig = signed_headers(WORKFLOW, SECRET, BODY, "x")["X-Webhook-Signature"]
        with self.assertRaises(VerifyError) as caught:
            Verifier(WORKFLOW, SECRET).verify(
                BODY, [("X-Webhook-Signature", sig), ("x-webhook-signature", sig), ("X-Webhook-ID", "x")]
            )
        self.assertEqual(caught.exception.code, "repeated_header")

    def test_a_str_or_parsed_body_is_refused_with_a_hint(self):
        headers = signed_headers(WORKFLOW, SECRET, BODY, "x")
        with self.assertRaisesRegex(TypeError, "raw body as bytes"):
            Verifier(WORKFLOW, SECRET).verify(BODY.decode(), headers)
        with self.assertRaisesRegex(TypeError, "not parsed JSON"):
            Verifier(WORKFLOW, SECRET).verify({"event": "run.completed"}, headers)

    def test_secrets_are_checked_and_not_printed(self):
        with self.assertRaisesRegex(ValueError, "empty"):
            Verifier(WORKFLOW, "")
        with self.assertRaisesRegex(ValueError, "whitespace"):
            Verifier(WORKFLOW, SECRET + "\n")
        with self.assertRaisesRegex(TypeError, "base64-decode"):
            Verifier(WORKFLOW, b"\x00\x01")
        self.assertNotIn("AAEC", repr(Verifier(WORKFLOW, SECRET)))


if __name__ == "__main__":
    unittest.main()
