from enum import StrEnum


class BearerAuthInType(StrEnum):
    BEARER = "bearer"

    def __str__(self) -> str:
        return str(self.value)
