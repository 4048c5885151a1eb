# Models: a linear-regression training loop written as lax.scan over epochs carrying (params, opt_state, key), with the loss value streamed to a host logger via io_callback from inside the loss.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

LOSS_HISTORY = []


def _record(loss_value):
    LOSS_HISTORY.append(float(loss_value))
    return np.int32(len(LOSS_HISTORY))


def log_scalar(value):
    return io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), value, ordered=True)


def loss_fn(params, xb, yb):
    pred = xb @ params["w"] + params["b"]
    loss = jnp.mean((pred - yb) ** 2)
    _ = log_scalar(loss)
    return loss


def sample_batch(key, x, y, batch_size):
    idx = jax.random.choice(key, x.shape[0], (batch_size,), replace=False)
    return x[idx], y[idx]


def build_trainer(x, y, tx, batch_size=8):
    def one_epoch(carry, _):
        params, opt_state, key = carry
        key, sub = jax.random.split(key)
        xb, yb = sample_batch(sub, x, y, batch_size)
        loss, grads = jax.value_and_grad(loss_fn)(params, xb, yb)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state, key), loss

    @jax.jit
    def run(params, opt_state, key):
        (params, opt_state, key), losses = jax.lax.scan(
            one_epoch, (params, opt_state, key), xs=None, length=10)
        return params, opt_state, losses

    return run


def main():
    key = jax.random.PRNGKey(7)
    kx, kn, kt = jax.random.split(key, 3)
    true_w = jnp.array([1.5, -2.0, 0.3])
    x = jax.random.normal(kx, (64, 3))
    y = x @ true_w + 0.1 * jax.random.normal(kn, (64,))

    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    tx = optax.adam(0.1)
    opt_state = tx.init(params)
    run = build_trainer(x, y, tx)
    params, opt_state, losses = run(params, opt_state, kt)
    print("final w", params["w"], "last loss", float(losses[-1]))
    print("logged", len(LOSS_HISTORY))


if __name__ == "__main__":
    main()
