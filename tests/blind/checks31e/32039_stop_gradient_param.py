"""Per-example loss with an ordered host check on a shared, frozen parameter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def _check_temperature(t):
    t = float(np.asarray(t))
    if not (0.0 < t < 10.0):
        print("suspicious temperature", t)
    return np.float32(t)


def nll(logits, label, temperature):
    t = io_callback(_check_temperature, jax.ShapeDtypeStruct((), jnp.float32),
                    jax.lax.stop_gradient(temperature), ordered=True)
    return -jax.nn.log_softmax(logits / t)[label]


logits = jnp.array([[2.0, 0.5, -1.0], [0.1, 0.2, 0.3]])
labels = jnp.array([0, 2])
print(jax.vmap(nll, in_axes=(0, 0, None))(logits, labels, jnp.float32(1.5)))
