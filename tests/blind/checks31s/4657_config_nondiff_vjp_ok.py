import numpy as np
from functools import partial
from typing import NamedTuple
import jax
import jax.numpy as jnp


class SmoothCfg(NamedTuple):
    beta: float
    floor: float


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def smooth_abs(cfg, x):
    return jnp.sqrt(x * x + cfg.beta) - jnp.sqrt(cfg.beta) + cfg.floor


def _smooth_fwd(cfg, x):
    return smooth_abs(cfg, x), x


def _smooth_bwd(cfg, x, g):
    dx = g * x / jnp.sqrt(x * x + cfg.beta)
    return (dx,)


smooth_abs.defvjp(_smooth_fwd, _smooth_bwd)


def objective(params, cfg, data):
    resid = data["y"] - params["a"] * data["x"] - params["b"]
    return jnp.mean(smooth_abs(cfg, resid))


def parse_schedule(spec):
    """Parse 'lr:0.1@0,0.01@100' style schedules into (step, value) pairs."""
    name, _, body = spec.partition(":")
    pairs = []
    for part in body.split(","):
        value, _, step = part.partition("@")
        pairs.append((int(step or 0), float(value)))
    return name, sorted(pairs)


def value_at(pairs, step):
    current = pairs[0][1]
    for s, v in pairs:
        if step >= s:
            current = v
    return current


def human_count(n):
    for unit in ("", "K", "M", "G"):
        if abs(n) < 1000:
            return f"{n:.0f}{unit}"
        n /= 1000.0
    return f"{n:.1f}T"


def param_report(tree):
    sizes = [int(np.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree)]
    return human_count(sum(sizes)), len(sizes)


if __name__ == "__main__":
    cfg = SmoothCfg(beta=1e-2, floor=0.0)
    data = {"x": jnp.linspace(0, 1, 5), "y": jnp.linspace(0, 2, 5) + 0.1}
    params = {"a": jnp.float32(1.0), "b": jnp.float32(0.0)}
    val, grads = jax.value_and_grad(objective)(params, cfg, data)
    print(float(val), jax.tree.map(float, grads))
    print(value_at(parse_schedule("lr:0.1@0,0.01@100")[1], 150))
    print(param_report({"a": np.zeros((3, 4)), "b": [np.ones(5)]}))
