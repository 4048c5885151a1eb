from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class MarketData:
    rate: float = 0.02
    maturity: float = 0.5
