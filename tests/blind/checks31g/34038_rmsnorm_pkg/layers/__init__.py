from .core import rms_normalize
from .register import install

install()

__all__ = ["rms_normalize", "RMSNorm"]

from .module import RMSNorm  # noqa: E402
