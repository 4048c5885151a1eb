"""Particle relaxation with a verbosity knob for step diagnostics."""
import sys
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

VERBOSE = 2
_lines = []


def _print_state(energy, grad_norm):
    e = np.asarray(energy)
    g = np.asarray(grad_norm)
    _lines.append(f"E={e.tolist()} |g|={g.tolist()}")
    return np.int32(len(_lines))


def diagnostics(energy, grad_norm, level):
    if VERBOSE >= level:
        io_callback(
            _print_state,
            jax.ShapeDtypeStruct((), jnp.int32),
            energy,
            grad_norm,
            ordered=True,
        )


def potential(pos):
    d = pos[:, None, :] - pos[None, :, :]
    r2 = jnp.sum(d ** 2, axis=-1) + jnp.eye(pos.shape[0])
    return jnp.sum(jnp.triu(1.0 / r2 ** 6 - 1.0 / r2 ** 3, k=1))


def relax(pos, lr=1e-3):
    energy, g = jax.value_and_grad(potential)(pos)
    diagnostics(energy, jnp.linalg.norm(g), level=2)
    return pos - lr * jnp.clip(g, -10.0, 10.0)


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
    base = jnp.array([[0.0, 0.0], [1.1, 0.0], [0.0, 1.2]])
    jitter = jax.random.normal(jax.random.PRNGKey(0), (5, 3, 2)) * 0.05
    replicas = base[None] + jitter
    new = jax.vmap(relax)(replicas)
    print(new.shape, file=sys.stdout)
    print("\n".join(_lines))
