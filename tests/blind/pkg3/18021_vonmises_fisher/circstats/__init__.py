from .host import bessel_i0, bessel_i1
from .vonmises import log_normalizer, nll, fisher_information

__all__ = ["bessel_i0", "bessel_i1", "log_normalizer", "nll", "fisher_information"]
