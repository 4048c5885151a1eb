"""jacfwd and hessian at complex points with holomorphic=True, and a complex argument jacfwd
does not differentiate: all run (the positive twin is jacfwd_complex_literal.py)."""
import jax
import jax.numpy as jnp


def response(z):
    return jnp.sin(z) * jnp.exp(-z)


def scaled(scale, x):
    return (scale * jnp.sin(x)).real


print(jax.jacfwd(response, holomorphic=True)(1 + 2j))
print(jax.hessian(response, holomorphic=True)(-0.5j))
print(jax.jacfwd(scaled, argnums=1)(2 - 1j, 0.3))
