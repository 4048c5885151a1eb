from .blocks import *  # noqa: F401,F403
from . import diagnostics
