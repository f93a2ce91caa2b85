"""Deduplication over the sender's whole retry schedule.

Deduplicate only after verifying: the id header is not covered by the signature, so an
unverified request must not be able to mark an id as seen.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Dict, Optional, Protocol, Sequence

from ._verify import DeliveryFormat

#: Kept on top of the schedule: attempts queue when the sender is busy; clocks differ.
DEDUPE_MARGIN_SECONDS = 3600

#: workflow-api: delays before attempts 2..5, no jitter, 10 s per attempt.
WORKFLOW_RETRY = {"delays": (60, 300, 1800, 7200), "jitter_percent": 0, "attempt_timeout": 10}
#: campaign-api: 30 s x 3^k capped at 6 h, 8 attempts, +-10 % jitter, 10 s per attempt.
CAMPAIGN_RETRY = {
    "delays": (30, 90, 270, 810, 2430, 7290, 21600),
    "jitter_percent": 10,
    "attempt_timeout": 10,
}


def dedupe_window_seconds(delays: Sequence[int], jitter_percent: int, attempt_timeout: int) -> int:
    """Every delay at its longest jitter, every failed attempt at its timeout, plus the margin."""
    longest = sum(d * (100 + jitter_percent) // 100 for d in delays) + attempt_timeout * len(delays)
    return longest + DEDUPE_MARGIN_SECONDS


def default_window_seconds(fmt: DeliveryFormat) -> int:
    schedule = WORKFLOW_RETRY if fmt.service == "workflow" else CAMPAIGN_RETRY
    return dedupe_window_seconds(**schedule)


class DedupeStore(Protocol):
    def insert_if_new(self, delivery_id: str, now: float, expires_at: float) -> bool:
        """Record ``delivery_id`` until ``expires_at`` unless recorded and unexpired at ``now``;
        True if recorded by this call. Must be atomic."""

    def remove(self, delivery_id: str) -> None:
        """Forget ``delivery_id`` so its next delivery is processed."""


class MemoryStore:
    """Ids in this process's memory; expired ones swept as the map grows."""

    def __init__(self) -> None:
        self._expiry: Dict[str, float] = {}
        self._sweep_at = 1024
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._expiry)

    def insert_if_new(self, delivery_id: str, now: float, expires_at: float) -> bool:
        with self._lock:
            current = self._expiry.get(delivery_id)
            if current is not None and current > now:
                return False
            if len(self._expiry) >= self._sweep_at:
                self._expiry = {k: t for k, t in self._expiry.items() if t > now}
                self._sweep_at = max(2 * len(self._expiry), 1024)
            self._expiry[delivery_id] = expires_at
            return True

    def remove(self, delivery_id: str) -> None:
        with self._lock:
            self._expiry.pop(delivery_id, None)


class Deduplicator:
    """Remembers processed delivery ids. ``claim(id)`` is True the first time within the window;
    call ``forget(id)`` if processing failed so the sender's retry is processed."""

    def __init__(
        self,
        window_seconds: float,
        store: Optional[DedupeStore] = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.window_seconds = window_seconds
        self.store = store if store is not None else MemoryStore()
        self._clock = clock

    @classmethod
    def in_memory(cls, fmt: DeliveryFormat, clock: Callable[[], float] = time.time) -> "Deduplicator":
        """In memory, for the default retry schedule of ``fmt``'s service."""
        return cls(default_window_seconds(fmt), MemoryStore(), clock)

    def claim(self, delivery_id: str) -> bool:
        now = self._clock()
        return self.store.insert_if_new(delivery_id, now, now + self.window_seconds)

    def forget(self, delivery_id: str) -> None:
        self.store.remove(delivery_id)
