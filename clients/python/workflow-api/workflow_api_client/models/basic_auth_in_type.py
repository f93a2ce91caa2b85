from enum import StrEnum


class BasicAuthInType(StrEnum):
    BASIC = "basic"

    def __str__(self) -> str:
        return str(self.value)
