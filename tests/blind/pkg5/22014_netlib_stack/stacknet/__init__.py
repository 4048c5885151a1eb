from .nn import *  # noqa: F401,F403
from . import diag  # noqa: F401
from .nn import __all__ as _nn_all

__all__ = list(_nn_all) + ["diag"]
