from enum import StrEnum


class DeliveryWithAttemptsStatus(StrEnum):
    DEAD_LETTER = "dead_letter"
    DELIVERED = "delivered"
    FAILED = "failed"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
