"""Log-barrier with a NaN-guarded custom JVP; its sensitivities are taken two ways."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def barrier(x):
    return -jnp.log(1.0 - x ** 2)


@barrier.defjvp
def _barrier_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = -jnp.log(1.0 - x ** 2)
    # guard against NaN tangents coming from upstream
    y = jnp.where(jnp.isfinite(t), y, 0.0)
    dy = 2.0 * x / (1.0 - x ** 2) * t
    return y, dy


def constraint_field(x):
    return barrier(0.5 * x) + 0.1 * x ** 2


def directional(x, v):
    _, dv = jax.jvp(constraint_field, (x,), (v,))
    return dv


def full_jacobian(x):
    return jax.jacrev(constraint_field)(x)


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
    x = jnp.array([0.1, -0.4, 0.8])
    print("field", constraint_field(x))
    J = jnp.stack([directional(x, e) for e in jnp.eye(3)])
    print("jacobian diagonal", jnp.diag(J))
