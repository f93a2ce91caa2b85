from enum import StrEnum


class BearerAuthType(StrEnum):
    BEARER = "bearer"

    def __str__(self) -> str:
        return str(self.value)
