# Models: optax training loop where each rematerialised layer (jax.remat, static_argnums) bumps a host-side FLOP counter through io_callback
import numpy as np
import jax
import jax.numpy as jnp
import optax
from jax.experimental import io_callback

_COUNTER = np.zeros((), np.int64)


def _bump(n):
    global _COUNTER
    _COUNTER = _COUNTER + int(n)
    return np.int32(_COUNTER)


def count_flops(n):
    return io_callback(_bump, jax.ShapeDtypeStruct((), jnp.int32), n)


def dense(w, h, act):
    count_flops(jnp.int32(2 * w.size))
    z = h @ w
    return jnp.tanh(z) if act == "tanh" else jax.nn.relu(z)


dense_remat = jax.remat(dense, static_argnums=(2,))


def model(ws, x):
    h = dense_remat(ws[0], x, "tanh")
    h = dense_remat(ws[1], h, "relu")
    return h


def loss_fn(ws, x, y):
    return jnp.mean((model(ws, x) - y) ** 2)


def train(ws, x, y, steps=2):
    opt = optax.adam(1e-2)
    state = opt.init(ws)
    for _ in range(steps):
        loss, g = jax.value_and_grad(loss_fn)(ws, x, y)
        upd, state = opt.update(g, state)
        ws = optax.apply_updates(ws, upd)
    return loss


if __name__ == "__main__":
    k1, k2 = jax.random.split(jax.random.key(0))
    ws = [jax.random.normal(k1, (3, 4)) * 0.3, jax.random.normal(k2, (4, 1)) * 0.3]
    x, y = jnp.ones((4, 3)), jnp.zeros((4, 1))
    print(model(ws, x).shape, int(_COUNTER))
    print(train(ws, x, y))
