"""Lookahead(Adam) on a small regression, with on-the-fly data augmentation
done by the host image pipeline (here: a random circular shift) via
pure_callback inside the jitted step."""
import jax
import jax.numpy as jnp
import numpy as np
import optax

_aug_rng = np.random.default_rng(123)


def _augment(batch):
    shift = int(_aug_rng.integers(0, batch.shape[-1]))
    return np.roll(np.asarray(batch), shift, axis=-1).astype(np.float32)


def augment(batch):
    return jax.pure_callback(_augment, jax.ShapeDtypeStruct(batch.shape, batch.dtype), batch)


def loss_fn(params, x, y):
    feats = jnp.sort(x, axis=-1)      # shift-invariant summary
    pred = feats @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


tx = optax.lookahead(optax.adam(5e-2), sync_period=3, slow_step_size=0.5)


@jax.jit
def train_step(params, opt_state, x, y):
    x_aug = augment(x)
    loss, grads = jax.value_and_grad(loss_fn)(params.fast, x_aug, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.normal(size=(16, 5)), jnp.float32)
    y = jnp.sort(x, axis=-1) @ jnp.arange(5.0)
    params = optax.LookaheadParams.init_synced({"w": jnp.zeros(5), "b": jnp.zeros(())})
    opt_state = tx.init(params)
    for i in range(6):
        params, opt_state, loss = train_step(params, opt_state, x, y)
        print(i, float(loss))
