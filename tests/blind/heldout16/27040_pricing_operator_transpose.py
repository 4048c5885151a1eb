"""Adjoint of a linear discounting operator (used for calibration), built with linear_transpose."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clipped_discount(cashflows):
    return cashflows * jnp.exp(-0.03 * jnp.arange(cashflows.shape[0]))


def _fwd(c):
    return clipped_discount(c), None


def _bwd(_, g):
    disc = jnp.exp(-0.03 * jnp.arange(g.shape[0]))
    return (jnp.clip(g * disc, -1e3, 1e3),)


clipped_discount.defvjp(_fwd, _bwd)


def present_value_matrix(cashflows):
    pv = clipped_discount(cashflows)
    return jnp.cumsum(pv[::-1])[::-1]


cf = jnp.array([5.0, 5.0, 5.0, 105.0])
print(present_value_matrix(cf))
adjoint = jax.linear_transpose(present_value_matrix, cf)
(sens,) = adjoint(jnp.array([1.0, 0.0, 0.0, 0.0]))
print(sens)
