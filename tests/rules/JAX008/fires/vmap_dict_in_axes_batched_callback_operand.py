"""vmap of grad whose dict in_axes batches the callback's operand (a pure_callback without vmap_method)."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_weights(bias):
    return (np.array([1.0, 2.0, 0.5], np.float32) + bias).astype(np.float32)


def loss(theta, batch):
    w = jax.pure_callback(_host_weights, jax.ShapeDtypeStruct((3,), jnp.float32), batch["bias"])  # EXPECT: JAX008
    return w[batch["k"]] * (jnp.dot(batch["x"], theta) - batch["y"]) ** 2


per_example = jax.vmap(jax.grad(loss), in_axes=(None, {"x": 0, "y": 0, "k": 0, "bias": 0}))
batch = {
    "x": jnp.ones((4, 2)),
    "y": jnp.zeros(4),
    "k": jnp.array([0, 1, 2, 0]),
    "bias": jnp.full((4,), 0.1, jnp.float32),
}
print(per_example(jnp.array([0.3, -0.2]), batch))
