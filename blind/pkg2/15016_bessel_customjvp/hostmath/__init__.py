from .bessel import jv
