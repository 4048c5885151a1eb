"""Count-data regression helpers."""
from .host import *
from .likelihood import nb_logpmf, neg_log_lik
from . import jaxops

__all__ = ["nb_logpmf", "neg_log_lik", "lgamma", "jaxops"]
