import numpy as np
import jax
import jax.numpy as jnp

CAP = 20.0


@jax.custom_vjp
def clipped_exp(x, cap):
    return jnp.exp(jnp.minimum(x, cap))


def _clipped_exp_fwd(x, cap):
    y = clipped_exp(x, cap)
    return y, (y, x < cap)


def _clipped_exp_bwd(res, g):
    y, live = res
    return (jnp.where(live, g * y, 0.0),)


clipped_exp.defvjp(_clipped_exp_fwd, _clipped_exp_bwd)


def poisson_nll(w, feats, counts):
    rate = clipped_exp(feats @ w, CAP)
    return jnp.mean(rate - counts * jnp.log(rate + 1e-8))


def stage(fn, *args):
    lowered = jax.jit(fn).lower(*args)
    return lowered.compile(), lowered.cost_analysis()


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
    feats = jnp.array([[1.0, 0.2], [0.5, -0.3], [0.0, 1.0]])
    counts = jnp.array([2.0, 0.0, 1.0])
    w = jnp.zeros(2)
    compiled, cost = stage(poisson_nll, w, feats, counts)
    print(type(cost).__name__)
    print(compiled(w, feats, counts))
    print(merge_configs(DEFAULTS, {"opt": {"momentum": 0.9}}))
    print(trapezoid([0.0, 1.0, 4.0]), relative_change(2.0, 2.5))
