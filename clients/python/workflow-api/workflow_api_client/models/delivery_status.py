from enum import StrEnum


class DeliveryStatus(StrEnum):
    DEAD_LETTER = "dead_letter"
    DELIVERED = "delivered"
    FAILED = "failed"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
