from typing import Protocol


class Operator(Protocol):
    size: int

    def apply(self, x): ...
