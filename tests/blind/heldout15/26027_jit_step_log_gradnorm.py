import numpy as np
import optax
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

cfg = {"lr": 1e-2, "steps": 3, "hidden": 5}


def _log_norm(step, gnorm):
    print(f"[host] step {int(step)} |g|={float(gnorm):.4e}")
    return np.float32(gnorm)


def init(key, hidden=cfg["hidden"]):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (2, hidden)) * 0.1,
            "w2": jax.random.normal(k2, (hidden, 1)) * 0.1}


def forward(p, x):
    return jnp.tanh(x @ p["w1"]) @ p["w2"]


def loss(p, x, y):
    return jnp.mean((forward(p, x) - y) ** 2)


opt = optax.adam(cfg["lr"])


@jax.jit
def step_fn(p, s, x, y, i):
    l, g = jax.value_and_grad(loss)(p, x, y)
    gnorm = optax.global_norm(g)
    gnorm = io_callback(_log_norm, jax.ShapeDtypeStruct((), jnp.float32), i, gnorm)
    upd, s = opt.update(g, s, p)
    return optax.apply_updates(p, upd), s, l


def main():
    p = init(jax.random.PRNGKey(0))
    s = opt.init(p)
    x = jnp.ones((4, 2))
    y = jnp.zeros((4, 1))
    for i in range(cfg["steps"]):
        p, s, l = step_fn(p, s, x, y, i)
    print(float(l))


if __name__ == "__main__":
    main()
