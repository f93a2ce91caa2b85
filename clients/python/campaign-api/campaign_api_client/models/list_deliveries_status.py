from enum import StrEnum


class ListDeliveriesStatus(StrEnum):
    DEAD = "dead"
    DELIVERED = "delivered"
    PENDING = "pending"
    RETRYING = "retrying"

    def __str__(self) -> str:
        return str(self.value)
