# logging the loss to a host-side history from inside the jitted step, detached from the graph
import jax
import jax.numpy as jnp
import optax
from jax.experimental import io_callback

history = []


def _record(value):
    history.append(float(value))


def mse(params, x, y):
    pred = x @ params["w"] + params["b"]
    loss = jnp.mean((pred - y) ** 2)
    io_callback(_record, None, jax.lax.stop_gradient(loss), ordered=True)
    return loss


key = jax.random.PRNGKey(0)
x = jax.random.normal(key, (16, 3))
y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3
params = {"w": jnp.zeros(3), "b": jnp.array(0.0)}
optimizer = optax.sgd(0.1)
opt_state = optimizer.init(params)


@jax.jit
def step(params, opt_state):
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


for epoch in range(5):
    params, opt_state, loss = step(params, opt_state)
print(history)
