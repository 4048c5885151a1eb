"""Calibrating a logistic-growth model whose ODE is integrated by SciPy.

The final-time state comes from `solve_ivp` on the host; its sensitivity to
the parameters is returned by integrating the forward sensitivity equations
alongside, and plugged into a hand-written VJP.
"""
from dataclasses import dataclass

import numpy as np
from scipy.integrate import solve_ivp
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Setup:
    t_obs: tuple = (1.0, 2.0, 4.0, 6.0)
    y0: float = 0.1


SETUP = Setup()


def _augmented(t, z, r, K):
    y, sr, sK = z
    f = r * y * (1 - y / K)
    dfdy = r * (1 - 2 * y / K)
    return [f, dfdy * sr + y * (1 - y / K), dfdy * sK + r * y ** 2 / K ** 2]


def _host_solve(theta):
    r, K = (float(v) for v in np.asarray(theta))
    sol = solve_ivp(_augmented, (0.0, SETUP.t_obs[-1]), [SETUP.y0, 0.0, 0.0],
                    t_eval=SETUP.t_obs, args=(r, K), rtol=1e-8, atol=1e-10)
    y = sol.y[0].astype(np.float32)
    jac = np.stack([sol.y[1], sol.y[2]], -1).astype(np.float32)
    return y, jac


def _call_host(theta):
    n = len(SETUP.t_obs)
    shapes = (jax.ShapeDtypeStruct((n,), jnp.float32), jax.ShapeDtypeStruct((n, 2), jnp.float32))
    return jax.pure_callback(_host_solve, shapes, theta, vmap_method="sequential")


@jax.custom_vjp
def trajectory(theta):
    y, _ = _call_host(theta)
    return y


def _traj_fwd(theta):
    y, jac = _call_host(theta)
    return y, jac


def _traj_bwd(jac, g):
    return (g @ jac,)


trajectory.defvjp(_traj_fwd, _traj_bwd)


def trajectory_tangent(theta, dtheta):
    return jax.jvp(trajectory, (theta,), (dtheta,))


def loss(theta, observed):
    return jnp.sum((trajectory(theta) - observed) ** 2)


class Calibrator:
    def __init__(self, observed, lr=0.5):
        self.observed = observed
        self.lr = lr
        self.vg = jax.value_and_grad(loss)

    def run(self, theta, iters=15):
        for i in range(iters):
            val, g = self.vg(theta, self.observed)
            theta = theta - self.lr * g / (1.0 + jnp.linalg.norm(g))
            if i % 5 == 0:
                print(f"iter {i:2d} loss {float(val):.6f}")
        return theta


if __name__ == "__main__":
    truth = jnp.array([0.9, 1.5], jnp.float32)
    observed = trajectory(truth)
    theta = Calibrator(observed).run(jnp.array([0.6, 1.2], jnp.float32))
    print("estimate", np.asarray(theta).round(3))
    print("gradient at truth", np.asarray(jax.grad(loss)(truth, observed)).round(6))
