import jax.numpy as jnp

OBJECTIVES = {
    "l2": lambda p, y: jnp.sum((p - y) ** 2),
    "l1": lambda p, y: jnp.sum(jnp.abs(p - y)),
}
