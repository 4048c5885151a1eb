"""kalman.py -- linear-Gaussian state-space models: filtering, smoothing, likelihood tuning.

Noise parameters are tuned by gradient descent on the marginal log-likelihood. The innovation
solve has a custom VJP (reusing the Cholesky factor) to keep the backward pass cheap.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import NamedTuple, Optional, Sequence, Tuple

import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl

LOG_2PI = float(np.log(2 * np.pi))


class LGSSM(NamedTuple):
    F: jnp.ndarray      # transition
    H: jnp.ndarray      # observation
    log_q: jnp.ndarray  # log process-noise std
    log_r: jnp.ndarray  # log observation-noise std


class FilterState(NamedTuple):
    mean: jnp.ndarray
    cov: jnp.ndarray


@dataclass(frozen=True)
class FilterConfig:
    jitter: float = 1e-6
    steps: int = 20
    lr: float = 0.05

    def with_lr(self, lr: float) -> "FilterConfig":
        return replace(self, lr=lr)


def constant_velocity(dt: float = 1.0) -> Tuple[np.ndarray, np.ndarray]:
    F = np.array([[1.0, dt], [0.0, 1.0]], np.float32)
    H = np.array([[1.0, 0.0]], np.float32)
    return F, H


def symmetrize(P: jnp.ndarray) -> jnp.ndarray:
    return 0.5 * (P + P.T)


def is_psd(P: np.ndarray, tol: float = 1e-8) -> bool:
    return bool(np.all(np.linalg.eigvalsh(0.5 * (P + P.T)) > -tol))


def simulate(model: LGSSM, key, T: int = 12) -> jnp.ndarray:
    q, r = jnp.exp(model.log_q), jnp.exp(model.log_r)
    def step(x, k):
        k1, k2 = jax.random.split(k)
        x = model.F @ x + q * jax.random.normal(k1, x.shape)
        y = model.H @ x + r * jax.random.normal(k2, (model.H.shape[0],))
        return x, y
    _, ys = jax.lax.scan(step, jnp.zeros(model.F.shape[0]), jax.random.split(key, T))
    return ys


# ---------------------------------------------------------------------------
# innovation solves
# ---------------------------------------------------------------------------

@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def innovation_solve(jitter: float, S: jnp.ndarray, r: jnp.ndarray) -> jnp.ndarray:
    L = jnp.linalg.cholesky(S + jitter * jnp.eye(S.shape[0]))
    return jsl.cho_solve((L, True), r)


def _innov_fwd(jitter, S, r):
    L = jnp.linalg.cholesky(S + jitter * jnp.eye(S.shape[0]))
    x = jsl.cho_solve((L, True), r)
    return x, (L, x)


def _innov_bwd(jitter, res, g):
    L, x = res
    gr = jsl.cho_solve((L, True), g)
    return -jnp.outer(gr, x), gr


innovation_solve.defvjp(_innov_fwd, _innov_bwd)


@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def innovation_solve_fast(jitter: float, S: jnp.ndarray, r: jnp.ndarray) -> jnp.ndarray:
    return r / (jnp.diag(S) + jitter)


def _innov_fast_fwd(jitter, S, r):
    d = jnp.diag(S) + jitter
    return r / d, (d, r)


def _innov_fast_bwd(jitter, res, g):
    d, r = res
    gr = g / d
    return jnp.zeros_like(jnp.diag(d)), jnp.diag(-gr * r / d), gr


innovation_solve_fast.defvjp(_innov_fast_fwd, _innov_fast_bwd)


# ---------------------------------------------------------------------------
# filtering
# ---------------------------------------------------------------------------

def kalman_filter(model: LGSSM, ys: jnp.ndarray, cfg: FilterConfig = FilterConfig(),
                  solve=innovation_solve) -> Tuple[FilterState, jnp.ndarray]:
    n = model.F.shape[0]
    Q = jnp.exp(2 * model.log_q) * jnp.eye(n)
    R = jnp.exp(2 * model.log_r) * jnp.eye(model.H.shape[0])

    def step(carry, y):
        m, P = carry
        m = model.F @ m
        P = symmetrize(model.F @ P @ model.F.T + Q)
        S = model.H @ P @ model.H.T + R
        v = y - model.H @ m
        Sinv_v = solve(cfg.jitter, S, v)
        K = P @ model.H.T @ jnp.linalg.inv(S)
        ll = -0.5 * (v @ Sinv_v + jnp.linalg.slogdet(S)[1] + v.shape[0] * LOG_2PI)
        return FilterState(m + K @ v, symmetrize(P - K @ S @ K.T)), ll

    init = FilterState(jnp.zeros(n), jnp.eye(n))
    final, lls = jax.lax.scan(step, init, ys)
    return final, jnp.sum(lls)


def filter_only(model: LGSSM, ys: jnp.ndarray) -> FilterState:
    """Cheap online filtering for the dashboard (diagonal innovation solve)."""
    final, _ = kalman_filter(model, ys, solve=innovation_solve_fast)
    return final


def neg_loglik(noise: dict, F, H, ys, solve=innovation_solve) -> jnp.ndarray:
    model = LGSSM(F, H, noise["log_q"], noise["log_r"])
    return -kalman_filter(model, ys, solve=solve)[1]


def tune_noise(F, H, ys, cfg: FilterConfig = FilterConfig()) -> dict:
    noise = {"log_q": jnp.float32(0.0), "log_r": jnp.float32(0.0)}
    vg = jax.jit(jax.value_and_grad(neg_loglik))
    for i in range(3):
        val, g = vg(noise, F, H, ys)
        noise = {k: v - cfg.lr * g[k] for k, v in noise.items()}
        print(f"iter {i}: nll={float(val):.3f} q={float(jnp.exp(noise['log_q'])):.3f}"
              f" r={float(jnp.exp(noise['log_r'])):.3f}")
    return noise


def rts_smoother_means(model: LGSSM, ys: jnp.ndarray) -> np.ndarray:
    """Reference smoother in NumPy (slow, for tests)."""
    F, H = np.asarray(model.F), np.asarray(model.H)
    q2, r2 = float(np.exp(2 * model.log_q)), float(np.exp(2 * model.log_r))
    n = F.shape[0]
    m, P = np.zeros(n), np.eye(n)
    ms, Ps, mp, Pp = [], [], [], []
    for y in np.asarray(ys):
        m_, P_ = F @ m, F @ P @ F.T + q2 * np.eye(n)
        S = H @ P_ @ H.T + r2
        K = P_ @ H.T @ np.linalg.inv(S)
        m, P = m_ + K @ (y - H @ m_), P_ - K @ S @ K.T
        ms.append(m); Ps.append(P); mp.append(m_); Pp.append(P_)
    out = [ms[-1]]
    for t in range(len(ms) - 2, -1, -1):
        G = Ps[t] @ F.T @ np.linalg.inv(Pp[t + 1])
        out.append(ms[t] + G @ (out[-1] - mp[t + 1]))
    return np.array(out[::-1])


def innovation_whiteness(model: LGSSM, ys: jnp.ndarray, lags: int = 3) -> np.ndarray:
    """Autocorrelation of the (NumPy-filtered) innovations, a quick model check."""
    F, H = np.asarray(model.F), np.asarray(model.H)
    q2, r2 = float(np.exp(2 * model.log_q)), float(np.exp(2 * model.log_r))
    m, P = np.zeros(F.shape[0]), np.eye(F.shape[0])
    innov = []
    for y in np.asarray(ys):
        m, P = F @ m, F @ P @ F.T + q2 * np.eye(F.shape[0])
        S = H @ P @ H.T + r2
        v = y - H @ m
        K = P @ H.T @ np.linalg.inv(S)
        m, P = m + K @ v, P - K @ S @ K.T
        innov.append(float(v[0] / np.sqrt(S[0, 0])))
    e = np.asarray(innov) - np.mean(innov)
    return np.array([np.sum(e[k:] * e[:len(e) - k]) / np.sum(e * e) for k in range(1, lags + 1)])


def main(argv: Sequence[str] = ()) -> None:
    F, H = constant_velocity()
    truth = LGSSM(jnp.asarray(F), jnp.asarray(H), jnp.float32(np.log(0.3)), jnp.float32(np.log(0.8)))
    ys = simulate(truth, jax.random.PRNGKey(0))
    print("filtered mean:", np.asarray(filter_only(truth, ys).mean).round(3))
    print("smoothed first:", rts_smoother_means(truth, ys)[0].round(3))
    tuned = tune_noise(jnp.asarray(F), jnp.asarray(H), ys)
    print({k: round(float(jnp.exp(v)), 3) for k, v in tuned.items()})


if __name__ == "__main__":
    main()
