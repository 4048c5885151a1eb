from .host import bracket_rates, BRACKETS
from .schedule import marginal_tax, effective_rate

__all__ = ["bracket_rates", "BRACKETS", "marginal_tax", "effective_rate"]
