from .scipy_backend import *  # noqa: F401,F403
from .settings import SolverSettings
