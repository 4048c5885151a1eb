"""Layer statistics gathered on the host when the verbosity level asks for them."""
import jax
import jax.numpy as jnp
import numpy as np

VERBOSITY = 1


def host_moments(h):
    h = np.asarray(h)
    return np.array([h.mean(), h.std(), np.abs(h).max()], dtype=np.float32)


def instrument(h, name, level=2):
    if VERBOSITY >= level:
        stats = jax.pure_callback(host_moments, jax.ShapeDtypeStruct((3,), jnp.float32), h,
                                  vectorized=True)
        jax.debug.print(name + " mean={m} std={s} max={a}", m=stats[0], s=stats[1], a=stats[2])
    elif VERBOSITY >= 1:
        jax.debug.print(name + " shape ok")
    return h


def layer(w, x, name):
    return instrument(jax.nn.relu(x @ w), name)


@jax.jit
def net(ws, x):
    for i, w in enumerate(ws):
        x = layer(w, x, f"layer{i}")
    return x.sum()


def init_orthogonal(key, n):
    q, _ = jnp.linalg.qr(jax.random.normal(key, (n, n)))
    return q


def param_count(ws):
    return sum(int(np.prod(w.shape)) for w in ws)


def activation_sparsity(h):
    return jnp.mean(h == 0)


if __name__ == "__main__":
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    ws = [jax.random.normal(k, (4, 4)) for k in keys]
    print(net(ws, jnp.ones((3, 4))))
    print(param_count(ws), init_orthogonal(keys[0], 4).shape)
