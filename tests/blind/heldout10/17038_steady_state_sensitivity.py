"""Steady state of a chemostat model and its sensitivity to the dilution rate
and feed concentration, computed in forward mode."""
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


class Kinetics(NamedTuple):
    mu_max: jnp.ndarray
    ks: jnp.ndarray
    yield_coeff: jnp.ndarray


class Operating(NamedTuple):
    dilution: jnp.ndarray
    feed: jnp.ndarray


@dataclass(frozen=True)
class Integration:
    dt: float = 0.05
    tol: float = 1e-6
    max_steps: int = 20000


def monod(s, k: Kinetics):
    return k.mu_max * s / (k.ks + s)


def rhs(state, k: Kinetics, op: Operating):
    x, s = state[0], state[1]
    growth = monod(s, k) * x
    dx = growth - op.dilution * x
    ds = op.dilution * (op.feed - s) - growth / k.yield_coeff
    return jnp.stack([dx, ds])


def steady_state(k, op, integ: Integration, init=jnp.array([0.5, 1.0])):
    def cond(c):
        state, prev, n = c
        return (jnp.max(jnp.abs(state - prev)) > integ.tol * integ.dt) & (n < integ.max_steps)

    def body(c):
        state, _, n = c
        return state + integ.dt * rhs(state, k, op), state, n + 1

    final, _, n = jax.lax.while_loop(cond, body, (init + integ.dt * rhs(init, k, op), init, 1))
    return final


class Chemostat:
    def __init__(self, kinetics, integ=Integration()):
        self.k = kinetics
        self.integ = integ

    def output(self, op_vec):
        op = Operating(dilution=op_vec[0], feed=op_vec[1])
        x, s = steady_state(self.k, op, self.integ)
        return jnp.stack([x, op.dilution * x])

    def sensitivities(self, op_vec):
        return jax.jacfwd(self.output)(op_vec)

    def productivity_gain(self, op_vec, direction):
        _, tangent = jax.jvp(lambda v: self.output(v)[1], (op_vec,), (direction,))
        return tangent


def analytic(k, op):
    s = k.ks * op.dilution / (k.mu_max - op.dilution)
    return k.yield_coeff * (op.feed - s), s


if __name__ == "__main__":
    k = Kinetics(mu_max=jnp.float32(0.6), ks=jnp.float32(0.5), yield_coeff=jnp.float32(0.4))
    plant = Chemostat(k)
    op_vec = jnp.array([0.3, 5.0])
    print("steady output", np.asarray(plant.output(op_vec)).round(4))
    print("analytic biomass", float(analytic(k, Operating(op_vec[0], op_vec[1]))[0]))
    print("jacobian\n", np.asarray(plant.sensitivities(op_vec)).round(4))
    print("gain along dilution", float(plant.productivity_gain(op_vec, jnp.array([1.0, 0.0]))))
