"""Sensitivity analysis of a damped oscillator: forward- and reverse-mode estimators compared."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_damping(v, c):
    return c * v * jnp.sqrt(1.0 + v ** 2)


@soft_damping.defjvp
def _soft_damping_jvp(primals, tangents):
    v, c = primals
    dv, dc = tangents
    s = jnp.sqrt(1.0 + v ** 2)
    dfdv = c * (s + v ** 2 / s)
    out = c * v * s + 0.0 * dv
    return out, dfdv * dv + v * s * dc


def trajectory_energy(c, x0=1.0, v0=0.0, k=4.0, dt=0.02, steps=100):
    def step(state, _):
        x, v = state
        a = -k * x - soft_damping(v, c)
        v = v + dt * a
        x = x + dt * v
        return (x, v), 0.5 * v ** 2 + 0.5 * k * x ** 2
    _, energy = jax.lax.scan(step, (x0, v0), None, length=steps)
    return energy[-1]


def sensitivity(method, c):
    if method == "forward":
        return jax.jvp(trajectory_energy, (c,), (jnp.ones_like(c),))[1]
    if method == "reverse":
        return jax.grad(trajectory_energy)(c)
    if method == "finite_difference":
        h = 1e-3
        return (trajectory_energy(c + h) - trajectory_energy(c - h)) / (2 * h)
    raise ValueError(method)


METHODS = ["finite_difference", "forward"]
DAMPINGS = [0.1, 0.3, 0.6]

if __name__ == "__main__":
    table = {}
    for c in DAMPINGS:
        for method in METHODS:
            table[(c, method)] = float(sensitivity(method, jnp.float32(c)))
    header = "  c   " + " ".join(f"{m:>18}" for m in METHODS)
    print(header)
    for c in DAMPINGS:
        print(f"{c:4.1f}  " + " ".join(f"{table[(c, m)]:18.5f}" for m in METHODS))
