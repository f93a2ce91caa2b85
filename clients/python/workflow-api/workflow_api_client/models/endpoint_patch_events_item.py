from enum import StrEnum


class EndpointPatchEventsItem(StrEnum):
    RUN_COMPLETED = "run.completed"
    RUN_FAILED = "run.failed"

    def __str__(self) -> str:
        return str(self.value)
