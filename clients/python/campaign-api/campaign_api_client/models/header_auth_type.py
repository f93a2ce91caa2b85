from enum import StrEnum


class HeaderAuthType(StrEnum):
    HEADER = "header"

    def __str__(self) -> str:
        return str(self.value)
