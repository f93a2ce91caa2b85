from enum import StrEnum


class TestSentEvent(StrEnum):
    WEBHOOK_TEST = "webhook.test"

    def __str__(self) -> str:
        return str(self.value)
