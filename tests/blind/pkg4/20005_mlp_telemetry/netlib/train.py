import jax
import jax.numpy as jnp
import optax


def train(net, params, xs, ys, num_steps=5):
    opt = optax.adam(1e-2)
    state = opt.init(params)

    def loss_fn(p):
        return jnp.mean((net.apply(p, xs) - ys) ** 2)

    @jax.jit
    def step(p, s):
        loss, grads = jax.value_and_grad(loss_fn)(p)
        updates, s = opt.update(grads, s, p)
        return optax.apply_updates(p, updates), s, loss

    loss = None
    for _ in range(num_steps):
        params, state, loss = step(params, state)
    return params, float(loss)
