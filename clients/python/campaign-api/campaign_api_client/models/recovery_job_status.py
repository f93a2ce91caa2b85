from enum import StrEnum


class RecoveryJobStatus(StrEnum):
    CANCELLED = "cancelled"
    FAILED = "failed"
    FINISHED = "finished"
    QUEUED = "queued"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
