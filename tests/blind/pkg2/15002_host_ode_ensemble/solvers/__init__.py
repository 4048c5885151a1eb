from .scipy_backend import *  # noqa: F401,F403
from .rhs import lotka_volterra
