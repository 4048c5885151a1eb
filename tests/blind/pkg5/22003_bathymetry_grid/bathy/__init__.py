from .maps import *  # noqa: F401,F403
from .maps import __all__  # noqa: F401
