from .registry import REGIMES, regime
from . import regimes as _regimes  # noqa: F401  (registers the correlations)
from .config import FLOW
from .friction import friction_factor, pressure_drop

__all__ = ["REGIMES", "regime", "FLOW", "friction_factor", "pressure_drop"]
