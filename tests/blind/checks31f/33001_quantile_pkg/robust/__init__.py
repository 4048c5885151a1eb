from .ops import winsorize
from .loss import robust_loss

__all__ = ["winsorize", "robust_loss"]
