"""A gradient monitor: a custom_vjp identity that reports every cotangent it sees."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

SEEN = []


def _report(ct):
    ct = np.asarray(ct)
    SEEN.append(float(np.linalg.norm(ct)))


@jax.custom_vjp
def monitor(x):
    return x


def _monitor_fwd(x):
    return x, None


def _monitor_bwd(_, ct):
    io_callback(_report, None, ct, ordered=True)
    return (ct,)


monitor.defvjp(_monitor_fwd, _monitor_bwd)


def layer(params, x):
    w, b = params
    return jnp.tanh(monitor(x @ w + b))


def network(params, x):
    for p in params:
        x = layer(p, x)
    return x


def init(sizes, seed=0):
    rng = np.random.default_rng(seed)
    return [(jnp.asarray(rng.normal(size=(m, n)) * 0.5, dtype=jnp.float32), jnp.zeros(n))
            for m, n in zip(sizes[:-1], sizes[1:])]


def format_table(rows, width=10):
    """Render a list of (name, value) rows as fixed-width text."""
    lines = []
    for name, value in rows:
        if isinstance(value, float):
            lines.append(f"{name:<{width}}{value:>12.5f}")
        else:
            lines.append(f"{name:<{width}}{str(value):>12}")
    return "\n".join(lines)


if __name__ == "__main__":
    params = init([3, 4, 2])
    x0 = jnp.array([0.2, -0.1, 0.4])
    sensitivity = jax.grad(lambda x: network(params, x).sum())(x0)
    print("input sensitivity", sensitivity.shape)
    print("monitored", len(SEEN))
