"""Directional derivatives of a smooth ramp with a custom JVP.

The rule reuses the tangent computation for its primal output.
"""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def smooth_ramp(x):
    return jnp.log1p(jnp.exp(x))


@smooth_ramp.defjvp
def _smooth_ramp_jvp(primals, tangents):
    (x,), (tx,) = primals, tangents
    slope = jax.nn.sigmoid(x)
    t_out = slope * tx
    y = jnp.log1p(jnp.exp(x)) + 0.0 * t_out
    return y, t_out


def profile(x):
    return jnp.sum(smooth_ramp(2.0 * x - 1.0))


def directional(x, v):
    y, lin = jax.linearize(profile, x)
    return y, lin(v)


def grid_check(xs, v, h=1e-3):
    rows = []
    for x in xs:
        y, dy = directional(x, v)
        fd = (profile(x + h * v) - profile(x - h * v)) / (2 * h)
        rows.append((float(y), float(dy), float(fd)))
    return rows


def report(rows):
    for y, dy, fd in rows:
        print(f"{y:9.4f} {dy:9.4f} {fd:9.4f} {abs(dy - fd):.2e}")


if __name__ == "__main__":
    x = jnp.array([0.0, 0.5, 1.0])
    v = jnp.ones_like(x)
    y, dy = directional(x, v)
    print("value", float(y), "directional", float(dy))
    fd = (profile(x + 1e-3 * v) - profile(x - 1e-3 * v)) / 2e-3
    print("finite difference", float(fd))
    report(grid_check([x, 0.5 * x], v))
