import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_REF = np.array([0.2, 0.4, 0.6], dtype=np.float32)


def _reference_score(template):
    t = np.asarray(template)
    return np.float32(np.dot(t, _REF))


def score(template, candidate):
    ref = io_callback(_reference_score, jax.ShapeDtypeStruct((), jnp.float32), template, ordered=True)
    return jnp.dot(candidate, template) - ref


def scorer():
    best = None
    total = 0.0
    while True:
        msg = yield best
        if msg is None:
            break
        templates, candidates = msg
        s = jax.vmap(score, in_axes=(None, 0))(templates, candidates)
        total += float(s.sum())
        best = int(jnp.argmax(s))
    return total


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
    co = scorer()
    next(co)
    cands = jnp.arange(9.0, dtype=jnp.float32).reshape(3, 3) / 9.0
    tmpl = jnp.ones((3,), jnp.float32)
    batched_tmpl = jnp.stack([tmpl, tmpl * 0.5, tmpl * 2.0])
    picks = []
    for t in (tmpl, tmpl * 0.1):
        picks.append(co.send((t, cands)))
    co.close()
    print(picks)
    print(merge_configs(DEFAULTS, {"opt": {"momentum": 0.9}}))
    print(trapezoid([0.0, 1.0, 4.0]), relative_change(2.0, 2.5))
