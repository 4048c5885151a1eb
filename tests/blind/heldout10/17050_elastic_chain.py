"""Nonlinear elastic chain: equilibrium by Newton's method with an assembled
Hessian, plus a consistency check of the linear stiffness operator's adjoint."""
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Chain:
    n_nodes: int = 8
    rest_length: float = 1.0
    stiffness: float = 10.0
    cubic: float = 2.0


class Loads(NamedTuple):
    tip_force: jnp.ndarray
    gravity: jnp.ndarray


def spring_energy(stretch, chain: Chain):
    return 0.5 * chain.stiffness * stretch ** 2 + 0.25 * chain.cubic * stretch ** 4


def energy(u, chain: Chain, loads: Loads):
    full = jnp.concatenate([jnp.zeros(1), u])

    def body(i, acc):
        stretch = full[i + 1] - full[i]
        return acc + spring_energy(stretch, chain)

    elastic = jax.lax.fori_loop(0, u.shape[0], body, jnp.float32(0.0))
    work = loads.tip_force * u[-1] + loads.gravity * jnp.sum(u)
    return elastic - work


class Solver:
    def __init__(self, chain: Chain):
        self.chain = chain
        self.n = chain.n_nodes - 1

    def residual(self, u, loads):
        return jax.grad(energy)(u, self.chain, loads)

    def tangent(self, u, loads):
        return jax.hessian(energy)(u, self.chain, loads)

    def _newton_update(self, u, loads):
        r = self.residual(u, loads)
        K = self.tangent(u, loads)
        return u - jnp.linalg.solve(K, r)

    def newton(self, loads, iters=6):
        step = jax.jit(self._newton_update)
        u = jnp.zeros(self.n)
        for k in range(iters):
            u = step(u, loads)
        return u, jnp.linalg.norm(self.residual(u, loads))

    def stiffness_operator(self, u, loads):
        _, lin = jax.linearize(lambda v: self.residual(v, loads), u)
        return lin


def adjoint_check(op, n, key):
    k1, k2 = jax.random.split(key)
    a = jax.random.normal(k1, (n,))
    b = jax.random.normal(k2, (n,))
    op_T = jax.linear_transpose(op, jax.ShapeDtypeStruct((n,), jnp.float32))
    return float(jnp.vdot(op(a), b) - jnp.vdot(a, op_T(b)[0]))


if __name__ == "__main__":
    chain = Chain()
    solver = Solver(chain)
    loads = Loads(tip_force=jnp.float32(3.0), gravity=jnp.float32(0.5))
    u, res = solver.newton(loads)
    print("displacements", np.asarray(u).round(4))
    print("residual", float(res))
    op = solver.stiffness_operator(u, loads)
    print("adjoint mismatch", adjoint_check(op, solver.n, jax.random.PRNGKey(0)))
    dU = jax.jacfwd(lambda f: solver.newton(Loads(f, loads.gravity), iters=4)[0])
    print("tip compliance", np.asarray(dU(jnp.float32(3.0)))[-1])
