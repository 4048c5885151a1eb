"""Layered settings (user overrides over defaults) for a population-dynamics sweep."""
from collections import ChainMap
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

DEFAULTS = {"ordered": False, "growth": 0.8, "capacity": 100.0}
overrides = {"growth": 1.1}
settings = ChainMap(overrides, DEFAULTS)

HISTORY = []


def _store(pop):
    HISTORY.append(np.asarray(pop).tolist())
    return np.int32(0)


def callback_kwargs(cfg):
    return {"ordered": cfg["ordered"]}


def logistic_path(p0, r, steps=6):
    pops = [p0]
    for _ in range(steps):
        p = pops[-1]
        pops.append(p + r * p * (1.0 - p / settings["capacity"]))
    path = jnp.stack(pops)
    io_callback(_store, jax.ShapeDtypeStruct((), jnp.int32), path, **callback_kwargs(settings))
    return path[-1]


def enable_replay():
    # replay needs host records in program order
    overrides["ordered"] = True


def format_table(rows, headers=("name", "value")):
    widths = [max(len(str(r[i])) for r in list(rows) + [headers]) for i in range(len(headers))]
    lines = ["  ".join(str(h).ljust(w) for h, w in zip(headers, widths))]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths)))
    return "\n".join(lines)


def as_rows(mapping):
    return sorted((str(k), f"{v}") for k, v in mapping.items())


if __name__ == "__main__":
    enable_replay()
    p0s = jnp.array([5.0, 10.0, 20.0, 40.0])
    final = jax.vmap(logistic_path, in_axes=(0, None))(p0s, settings["growth"])
    print(final, len(HISTORY))
