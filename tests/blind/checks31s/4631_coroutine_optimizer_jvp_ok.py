import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def bounded(params):
    lo, hi = params
    return jnp.tanh(lo), jnp.tanh(hi)


@bounded.defjvp
def _bounded_jvp(primals, tangents):
    (p,), (dp,) = primals, tangents
    a, b = bounded(p)
    return (a, b), ((1 - a ** 2) * dp[0], (1 - b ** 2) * dp[1])


def width_loss(params, target):
    a, b = bounded(params)
    return (b - a - target) ** 2


def sgd(lr):
    params = yield
    while True:
        grads = yield params
        params = tuple(p - lr * g for p, g in zip(params, grads))


def merge_configs(base, override):
    """Recursive dict merge; override wins."""
    merged = dict(base)
    for k, v in override.items():
        if isinstance(v, dict) and isinstance(merged.get(k), dict):
            merged[k] = merge_configs(merged[k], v)
        else:
            merged[k] = v
    return merged


DEFAULTS = {"log_every": 10, "opt": {"name": "sgd", "momentum": 0.0}}


def trapezoid(ys, dx=1.0):
    ys = np.asarray(ys, dtype=float)
    return float(dx * (ys[0] / 2 + ys[1:-1].sum() + ys[-1] / 2)) if ys.size > 1 else 0.0


def relative_change(old, new, eps=1e-12):
    return abs(new - old) / max(abs(old), eps)


if __name__ == "__main__":
    opt = sgd(0.2)
    next(opt)
    params = opt.send((jnp.float32(-0.1), jnp.float32(0.2)))
    for _ in range(4):
        grads = jax.grad(width_loss)(params, 0.8)
        params = opt.send(grads)
    print([float(p) for p in params], float(width_loss(params, 0.8)))
    print(merge_configs(DEFAULTS, {"opt": {"momentum": 0.9}}))
    print(trapezoid([0.0, 1.0, 4.0]), relative_change(2.0, 2.5))
