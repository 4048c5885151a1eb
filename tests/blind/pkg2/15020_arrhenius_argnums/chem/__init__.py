from .rates import rate_constants
from .network import reaction_rhs
