from .registry import REGIMES, regime
from . import regimes as _regimes  # noqa: F401  (registers the correlations)
from .friction import friction_factor, pressure_drop

__all__ = ["REGIMES", "regime", "friction_factor", "pressure_drop"]
