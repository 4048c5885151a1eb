"""Single-dispatch selection of a JVP rule for a fixed-point Kepler-equation solver."""
import functools
from functools import singledispatch

import jax
import jax.numpy as jnp


def _solve(mean_anom, ecc, iters=12):
    e = mean_anom
    for _ in range(iters):
        e = mean_anom + ecc * jnp.sin(e)
    return e


@singledispatch
def rule_for(tolerance):
    raise TypeError(f"no rule for {type(tolerance).__name__}")


@rule_for.register
def _(tolerance: int):
    def implicit_rule(primals, tangents):
        m, ecc = primals
        dm, decc = tangents
        e = _solve(m, ecc, iters=tolerance)
        denom = 1.0 - ecc * jnp.cos(e)
        return e, (dm + jnp.sin(e) * decc) / denom
    return implicit_rule


@rule_for.register
def _(tolerance: float):
    def damped_rule(primals, tangents, damping):
        m, ecc = primals
        dm, decc = tangents
        e = _solve(m, ecc)
        denom = 1.0 - ecc * jnp.cos(e) + damping * tolerance
        return e, (dm + jnp.sin(e) * decc) / denom
    return damped_rule


def make_eccentric_anomaly(tolerance):
    @jax.custom_jvp
    def eccentric_anomaly(m, ecc):
        return _solve(m, ecc)
    eccentric_anomaly.defjvp(rule_for(tolerance))
    return eccentric_anomaly


def true_anomaly(m, ecc, ecc_anom):
    e = ecc_anom(m, ecc)
    return 2.0 * jnp.arctan2(jnp.sqrt(1 + ecc) * jnp.sin(e / 2), jnp.sqrt(1 - ecc) * jnp.cos(e / 2))


SOLVER_TOLERANCE = 12

if __name__ == "__main__":
    ecc_anom = make_eccentric_anomaly(SOLVER_TOLERANCE)
    nu = functools.partial(true_anomaly, ecc_anom=ecc_anom)
    grad_m = jax.vmap(jax.grad(nu), in_axes=(0, None))
    print(grad_m(jnp.linspace(0.1, 3.0, 4), 0.3))
