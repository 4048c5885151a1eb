"""Fixed-point layer (deep-equilibrium style) differentiated in forward mode only."""
import jax
import jax.numpy as jnp
from jax import lax


def fixed_point(W, x, tol=1e-5, max_iter=100):
    def cond(c):
        k, z, err = c
        return jnp.logical_and(k < max_iter, err > tol)

    def body(c):
        k, z, _ = c
        z_new = jnp.tanh(W @ z + x)
        return k + 1, z_new, jnp.max(jnp.abs(z_new - z))

    return lax.while_loop(cond, body, (0, jnp.zeros_like(x), jnp.inf))[1]


W = 0.3 * jnp.array([[0.5, -0.2, 0.1], [0.0, 0.4, 0.3], [-0.1, 0.2, 0.6]])
x = jnp.array([0.5, -0.5, 0.1])
z = fixed_point(W, x)
print("z*", z)
J = jax.jacfwd(fixed_point, argnums=1)(W, x)
print("dz*/dx", J)
_, dz = jax.jvp(lambda w: fixed_point(w, x), (W,), (jnp.eye(3),))
print("dz*/dW[eye]", dz)
