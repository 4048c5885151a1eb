import jax
import jax.numpy as jnp
import fem

p = jnp.array([2.0, 0.5])
print("u =", fem.displacement(p))
_, du = jax.jvp(fem.displacement, (p,), (jnp.array([1.0, 0.0]),))
print("du =", du)
J = jax.jacfwd(fem.displacement)(p)
print("J =", J)
