from .lineshapes import *
from .fit import fit_width

__all__ = lineshapes.__all__ + ["fit_width"]
