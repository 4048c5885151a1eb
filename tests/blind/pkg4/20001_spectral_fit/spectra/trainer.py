import jax
import jax.numpy as jnp


def fit(model, params, freqs, target, loss_fn, steps=10, lr=0.05):
    def objective(p):
        return loss_fn(model(p, freqs), target)

    step_fn = jax.jit(jax.value_and_grad(objective))
    history = []
    for _ in range(steps):
        val, g = step_fn(params)
        params = jax.tree_util.tree_map(lambda a, b: a - lr * b, params, g)
        history.append(float(val))
    return params, history
