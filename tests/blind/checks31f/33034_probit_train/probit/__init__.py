from . import ops, rules  # noqa: F401  (rules attaches the JVP to ops.log_cdf)
from .train import fit
