from .numerics import safe_log, EPS
from .measures import entropy, kl_divergence
from .config import settings

__all__ = ["safe_log", "EPS", "entropy", "kl_divergence", "settings"]
