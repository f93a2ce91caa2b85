from enum import StrEnum


class ListDeliveriesEvent(StrEnum):
    RUN_COMPLETED = "run.completed"
    RUN_FAILED = "run.failed"
    WEBHOOK_TEST = "webhook.test"

    def __str__(self) -> str:
        return str(self.value)
