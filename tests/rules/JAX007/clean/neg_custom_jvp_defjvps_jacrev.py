"""custom_jvp with defjvps (one rule per argument) over a host function of two inputs; jacrev works."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_hypot(a, b):
    return np.hypot(a, b).astype(np.float32)


@jax.custom_jvp
def hypot(a, b):
    out = jax.ShapeDtypeStruct(jnp.broadcast_shapes(a.shape, b.shape), jnp.float32)
    return jax.pure_callback(_host_hypot, out, a, b, vmap_method="broadcast_all")


hypot.defjvps(
    lambda a_dot, ans, a, b: a / ans * a_dot,
    lambda b_dot, ans, a, b: b / ans * b_dot,
)


def distances(p):
    return hypot(p[:, 0], p[:, 1])


pts = jnp.array([[3.0, 4.0], [1.0, 1.0]])
print(jax.jacrev(distances)(pts))
