"""Parameter estimation for a damped oscillator with a horizon-dependent
number of explicit Euler steps."""
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


class OscParams(NamedTuple):
    omega: jnp.ndarray
    zeta: jnp.ndarray


class State(NamedTuple):
    x: jnp.ndarray
    v: jnp.ndarray


@dataclass
class Experiment:
    horizon: float = 2.0
    dt: float = 0.05
    x0: float = 1.0
    v0: float = 0.0


def rhs(p: OscParams, s: State):
    acc = -2.0 * p.zeta * p.omega * s.v - p.omega ** 2 * s.x
    return State(x=s.v, v=acc)


def euler_step(p, s, dt):
    ds = rhs(p, s)
    return State(x=s.x + dt * ds.x, v=s.v + dt * ds.v)


class Integrator:
    def __init__(self, dt):
        self.dt = dt

    def n_steps(self, horizon):
        return jnp.ceil(horizon / self.dt).astype(jnp.int32)

    def __call__(self, p, s0, horizon):
        n = self.n_steps(horizon)
        body = lambda i, s: euler_step(p, s, self.dt)
        return jax.lax.fori_loop(0, n, body, s0)


def observation(exp: Experiment):
    t = exp.horizon
    omega, zeta = 3.0, 0.1
    wd = omega * np.sqrt(1 - zeta ** 2)
    return np.float32(exp.x0 * np.exp(-zeta * omega * t) * np.cos(wd * t))


def make_objective(integ, exp):
    target = observation(exp)
    s0 = State(x=jnp.float32(exp.x0), v=jnp.float32(exp.v0))

    @jax.jit
    def objective(p, horizon):
        final = integ(p, s0, horizon)
        return (final.x - target) ** 2
    return objective


def gradient_descent(obj, p, horizon, steps=5, lr=0.05):
    vg = jax.value_and_grad(obj)
    for k in range(steps):
        val, g = vg(p, horizon)
        p = OscParams(omega=p.omega - lr * g.omega, zeta=p.zeta - lr * g.zeta)
        print(f"iter {k}: loss={float(val):.5f}")
    return p


if __name__ == "__main__":
    exp = Experiment()
    integ = Integrator(exp.dt)
    obj = make_objective(integ, exp)
    p0 = OscParams(omega=jnp.float32(2.5), zeta=jnp.float32(0.2))
    print("initial objective", float(obj(p0, jnp.float32(exp.horizon))))
    p = gradient_descent(obj, p0, jnp.float32(exp.horizon))
    print("estimate", float(p.omega), float(p.zeta))
