import equinox as eqx
import jax
import jax.numpy as jnp
import optax


def _loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


def train(model, x, y, steps=10, lr=1e-2):
    opt = optax.sgd(lr)
    state = opt.init(eqx.filter(model, eqx.is_array))
    for _ in range(steps):
        loss, grads = eqx.filter_value_and_grad(_loss)(model, x, y)
        updates, state = opt.update(grads, state)
        model = eqx.apply_updates(model, updates)
    return model, loss
