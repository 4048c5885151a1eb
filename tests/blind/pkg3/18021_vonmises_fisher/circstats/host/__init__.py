from .bessel import bessel_i0, bessel_i1
