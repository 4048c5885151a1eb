"""Training loop that ships metrics to the host with io_callback after the gradient step."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

HISTORY = {"loss": [], "gnorm": []}


def _log(loss, gnorm):
    HISTORY["loss"].append(float(loss))
    HISTORY["gnorm"].append(float(gnorm))


def predict(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


optimizer = optax.chain(optax.clip_by_global_norm(5.0), optax.adam(3e-3))


@jax.jit
def update(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    io_callback(_log, None, loss, optax.global_norm(grads), ordered=True)
    return params, opt_state


key = jax.random.PRNGKey(0)
params = {"w1": jax.random.normal(key, (2, 8)) * 0.3, "w2": jnp.zeros((8, 1))}
x = jax.random.uniform(key, (16, 2))
y = (x[:, :1] * x[:, 1:])
opt_state = optimizer.init(params)
for _ in range(4):
    params, opt_state = update(params, opt_state, x, y)
jax.effects_barrier()
print(np.round(HISTORY["loss"], 4))
