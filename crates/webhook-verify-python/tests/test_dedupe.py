import unittest

from webhook_verify import DeliveryFormat, Deduplicator, MemoryStore


class Clock:
    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


class Dedupe(unittest.TestCase):
    def test_an_id_is_a_duplicate_until_the_window_ends(self):
        clock = Clock()
        dedupe = Deduplicator.in_memory(DeliveryFormat.workflow(), clock=clock)
        self.assertTrue(dedupe.claim("a"))
        self.assertFalse(dedupe.claim("a"))
        self.assertTrue(dedupe.claim("b"))
        clock.now += dedupe.window_seconds - 1
        self.assertFalse(dedupe.claim("a"))
        clock.now += 1
        self.assertTrue(dedupe.claim("a"))

    def test_the_default_windows_outlast_each_services_retries(self):
        self.assertGreater(Deduplicator.in_memory(DeliveryFormat.workflow()).window_seconds, 156 * 60)
        self.assertGreater(Deduplicator.in_memory(DeliveryFormat.campaign()).window_seconds, 32520 * 1.1)

    def test_forgetting_lets_the_retry_through(self):
        dedupe = Deduplicator.in_memory(DeliveryFormat.workflow())
        self.assertTrue(dedupe.claim("a"))
        dedupe.forget("a")
        self.assertTrue(dedupe.claim("a"))
        self.assertFalse(dedupe.claim("a"))

    def test_expired_ids_are_swept(self):
        clock = Clock()
        store = MemoryStore()
        dedupe = Deduplicator(10, store, clock)
        for i in range(1024):
            self.assertTrue(dedupe.claim(str(i)))
        clock.now += 11
        self.assertTrue(dedupe.claim("late"))
        self.assertEqual(len(store), 1)


if __name__ == "__main__":
    unittest.main()
