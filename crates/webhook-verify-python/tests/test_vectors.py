"""The published vectors (docs/webhook-vectors.json, shared with the Rust, JS and Go packages)."""

import json
import pathlib
import unittest

from webhook_verify import DeliveryFormat, Deduplicator, Verifier, VerifyError, sign

VECTORS = json.loads(
    (pathlib.Path(__file__).resolve().parents[3] / "docs" / "webhook-vectors.json").read_text("utf-8")
)


def fmt_of(v):
    return DeliveryFormat.workflow() if v["format"] == "workflow" else DeliveryFormat.campaign(v["product"])


class Vectors(unittest.TestCase):
    def test_every_valid_vector_verifies_with_its_id(self):
        self.assertGreaterEqual(len(VECTORS["valid"]), 4)
        for v in VECTORS["valid"]:
            with self.subTest(v["name"]):
                verified = Verifier(fmt_of(v), v["secret"]).verify(v["body"].encode("utf-8"), v["headers"])
                self.assertEqual(verified.id, v["id"])
                self.assertEqual(verified.secret_index, 0)

    def test_every_invalid_vector_fails_with_its_code(self):
        self.assertGreaterEqual(len(VECTORS["invalid"]), 8)
        for v in VECTORS["invalid"]:
            with self.subTest(v["name"]):
                with self.assertRaises(VerifyError) as caught:
                    Verifier(fmt_of(v), v["secret"]).verify(v["body"].encode("utf-8"), v["headers"])
                self.assertEqual(caught.exception.code, v["error"], str(caught.exception))

    def test_signing_reproduces_the_valid_vectors(self):
        for v in VECTORS["valid"]:
            with self.subTest(v["name"]):
                fmt = fmt_of(v)
                published = next(val for k, val in v["headers"].items() if k.lower() == fmt.signature_header.lower())
                self.assertEqual(sign(fmt, v["secret"], v["body"].encode("utf-8")), published)

    def test_github_published_vector(self):
        self.assertEqual(
            sign(DeliveryFormat.campaign("Service"), "It's a Secret to Everybody", b"Hello, World!"),
            "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
        )

    def test_default_dedupe_windows_match_the_published_ones(self):
        windows = VECTORS["dedupe_window_seconds"]
        self.assertEqual(Deduplicator.in_memory(DeliveryFormat.workflow()).window_seconds, windows["workflow"])
        self.assertEqual(Deduplicator.in_memory(DeliveryFormat.campaign()).window_seconds, windows["campaign"])


if __name__ == "__main__":
    unittest.main()
