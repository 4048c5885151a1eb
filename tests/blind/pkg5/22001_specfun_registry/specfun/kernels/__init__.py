from . import analytic, bessel  # noqa: F401
