# Models a dose-response app: a vectorising mixin vmaps per-compound curves whose probit uses scipy.stats.norm via a functools.partial(pure_callback, vmap_method=...) exported through `from .ops import *`.
import jax.numpy as jnp

from doseresp import ProbitCurve


def report():
    curve = ProbitCurve(log_base=10.0)
    doses = jnp.array([0.1, 1.0, 10.0, 100.0])
    ec50s = jnp.array([1.0, 5.0, 20.0])
    slopes = jnp.array([1.0, 1.2, 0.8])
    table = curve.over_compounds(ec50s, slopes, doses)
    print(table.round(3))


report()
