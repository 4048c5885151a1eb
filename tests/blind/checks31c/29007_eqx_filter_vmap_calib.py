import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
from jax.experimental import io_callback


def _append_csv(row):
    line = ",".join(f"{v:.4f}" for v in np.ravel(row))
    with open("/dev/null", "a") as fh:
        fh.write(line + "\n")


class TemperatureScaled(eqx.Module):
    linear: eqx.nn.Linear
    log_temp: jax.Array

    def __init__(self, key):
        self.linear = eqx.nn.Linear(6, 3, key=key)
        self.log_temp = jnp.array(0.0)

    def __call__(self, x):
        logits = self.linear(x) / jnp.exp(self.log_temp)
        probs = jax.nn.softmax(logits)
        io_callback(_append_csv, None, probs, ordered=True)
        return probs


model = TemperatureScaled(jax.random.PRNGKey(0))
batch = jax.random.normal(jax.random.PRNGKey(1), (10, 6))
out = eqx.filter_jit(eqx.filter_vmap(model))(batch)
print(out.sum(-1))
