"""optax training step whose loss logs per-example errors with jax.debug.callback: differentiable, runs fine."""
import jax
import jax.numpy as jnp
import numpy as np
import optax

history = []


def _log_errors(step_errors):
    history.append(np.asarray(step_errors).copy())


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (3, 4)) * 0.1,
        "b1": jnp.zeros(4),
        "w2": jax.random.normal(k2, (4, 1)) * 0.1,
        "b2": jnp.zeros(1),
    }


def forward(params, x):
    h = jax.nn.relu(x @ params["w1"] + params["b1"])
    return (h @ params["w2"] + params["b2"]).squeeze(-1)


def loss_fn(params, x, y):
    err = forward(params, x) - y
    jax.debug.callback(_log_errors, err)
    return jnp.mean(err ** 2)


optimizer = optax.adam(1e-2)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


params = init_params(jax.random.PRNGKey(0))
opt_state = optimizer.init(params)
x = jnp.ones((5, 3))
y = jnp.arange(5.0)
for step in range(3):
    params, opt_state, loss = train_step(params, opt_state, x, y)
print(loss, len(history))
