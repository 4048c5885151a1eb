"""rts_smoother -- linear Kalman filtering / RTS smoothing for target tracking.

Filtering recursions are traced (``lax.scan``).  Riccati solutions and the
innovation whiteness test are delegated to SciPy on the host.
"""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, Callable, NamedTuple, Optional, Tuple

import numpy as np
import scipy.linalg as sla
from scipy import stats
import jax
import jax.numpy as jnp

Array = jax.Array


def _callback(host: Callable, spec: Any, *args, **kwargs):
    """Thin wrapper so every host call goes through one place."""
    if "vmap_method" not in kwargs:
        kwargs.setdefault("vectorized", False)   # pre-0.4.35 default behaviour
    return jax.pure_callback(host, spec, *args, **kwargs)


# ---------------------------------------------------------------------------
# models
# ---------------------------------------------------------------------------

class LinearGaussian(NamedTuple):
    F: Array   # state transition
    H: Array   # observation matrix
    Q: Array   # process noise
    R: Array   # observation noise

    @property
    def state_dim(self) -> int:
        return self.F.shape[0]

    @property
    def obs_dim(self) -> int:
        return self.H.shape[0]


def constant_velocity(dt: float = 0.1, q: float = 0.05, r: float = 0.2) -> LinearGaussian:
    F = jnp.array([[1.0, dt], [0.0, 1.0]])
    H = jnp.array([[1.0, 0.0]])
    G = jnp.array([[0.5 * dt ** 2], [dt]])
    return LinearGaussian(F, H, q * G @ G.T, jnp.array([[r]]))


def is_observable(model: LinearGaussian) -> bool:
    n = model.state_dim
    O = np.vstack([np.asarray(model.H) @ np.linalg.matrix_power(np.asarray(model.F), k) for k in range(n)])
    return np.linalg.matrix_rank(O) == n


def symmetrize(P: Array) -> Array:
    return 0.5 * (P + P.T)


# ---------------------------------------------------------------------------
# host: Riccati
# ---------------------------------------------------------------------------

def _host_dare(F, H, Q, R):
    P = sla.solve_discrete_are(np.asarray(F, np.float64).T, np.asarray(H, np.float64).T,
                               np.asarray(Q, np.float64), np.asarray(R, np.float64))
    return P.astype(np.float32)


def steady_state_covariance(model: LinearGaussian) -> Array:
    spec = jax.ShapeDtypeStruct(model.F.shape, jnp.float32)
    return _callback(_host_dare, spec, model.F, model.H, model.Q, model.R,
                     vmap_method="sequential")


def steady_state_gain(model: LinearGaussian) -> Array:
    P = steady_state_covariance(model)
    S = model.H @ P @ model.H.T + model.R
    return P @ model.H.T @ jnp.linalg.inv(S)


# ---------------------------------------------------------------------------
# filtering
# ---------------------------------------------------------------------------

class FilterState(NamedTuple):
    mean: Array
    cov: Array


def predict(model: LinearGaussian, st: FilterState) -> FilterState:
    return FilterState(model.F @ st.mean, symmetrize(model.F @ st.cov @ model.F.T + model.Q))


def update(model: LinearGaussian, st: FilterState, y: Array) -> Tuple[FilterState, Array, Array]:
    S = model.H @ st.cov @ model.H.T + model.R
    K = st.cov @ model.H.T @ jnp.linalg.inv(S)
    innov = y - model.H @ st.mean
    new = FilterState(st.mean + K @ innov, symmetrize((jnp.eye(model.state_dim) - K @ model.H) @ st.cov))
    return new, innov, S


def kalman_filter(model: LinearGaussian, init: FilterState, ys: Array):
    def step(st, y):
        pred = predict(model, st)
        new, innov, S = update(model, pred, y)
        return new, (new, pred, innov / jnp.sqrt(jnp.diag(S)))
    _, (filt, preds, norm_innov) = jax.lax.scan(step, init, ys)
    return filt, preds, norm_innov


def rts_smoother(model: LinearGaussian, filt: FilterState, preds: FilterState) -> FilterState:
    def step(nxt, inp):
        f_mean, f_cov, p_mean, p_cov = inp
        C = f_cov @ model.F.T @ jnp.linalg.inv(p_cov)
        mean = f_mean + C @ (nxt.mean - p_mean)
        cov = f_cov + C @ (nxt.cov - p_cov) @ C.T
        st = FilterState(mean, symmetrize(cov))
        return st, st
    last = FilterState(filt.mean[-1], filt.cov[-1])
    xs = (filt.mean[:-1], filt.cov[:-1], preds.mean[1:], preds.cov[1:])
    _, sm = jax.lax.scan(step, last, xs, reverse=True)
    return FilterState(jnp.concatenate([sm.mean, last.mean[None]]),
                       jnp.concatenate([sm.cov, last.cov[None]]))


# ---------------------------------------------------------------------------
# diagnostics (host)
# ---------------------------------------------------------------------------

def _host_whiteness(norm_innov, lags):
    e = np.asarray(norm_innov, dtype=np.float64).ravel()
    lags = int(np.asarray(lags))
    n = len(e)
    e = e - e.mean()
    acf = np.array([np.dot(e[:-k], e[k:]) / np.dot(e, e) for k in range(1, lags + 1)])
    q = n * (n + 2) * np.sum(acf ** 2 / (n - np.arange(1, lags + 1)))
    return np.float32(stats.chi2.sf(q, lags))


def innovation_whiteness_test(norm_innov: Array, lags: int = 5) -> Array:
    return _callback(_host_whiteness, jax.ShapeDtypeStruct((), jnp.float32), norm_innov, lags)


def _host_nees(err, cov):
    e = np.asarray(err, np.float64)
    c = np.asarray(cov, np.float64)
    return np.einsum("ti,tij,tj->t", e, np.linalg.inv(c), e).astype(np.float32)


def nees(err: Array, cov: Array) -> Array:
    return _callback(_host_nees, jax.ShapeDtypeStruct(err.shape[:1], jnp.float32), err, cov,
                     vmap_method="expand_dims")


# ---------------------------------------------------------------------------
# driver
# ---------------------------------------------------------------------------

@dataclasses.dataclass
class TrackerConfig:
    steps: int = 40
    seed: int = 0
    smooth: bool = True
    diagnostics: bool = False

    def __repr__(self):
        return f"TrackerConfig(steps={self.steps}, smooth={self.smooth}, diag={self.diagnostics})"


def simulate(model: LinearGaussian, steps: int, seed: int = 0):
    key = jax.random.PRNGKey(seed)
    kq, kr = jax.random.split(key)
    w = jax.random.multivariate_normal(kq, jnp.zeros(2), model.Q + 1e-9 * jnp.eye(2), (steps,))
    v = jax.random.normal(kr, (steps, 1)) * jnp.sqrt(model.R[0, 0])

    def step(x, wv):
        x = model.F @ x + wv[0]
        return x, (x, model.H @ x + wv[1])
    _, (xs, ys) = jax.lax.scan(step, jnp.array([0.0, 1.0]), (w, v))
    return xs, ys


def track(model: LinearGaussian, ys: Array, cfg: TrackerConfig):
    init = FilterState(jnp.zeros(model.state_dim), steady_state_covariance(model) * 10.0)
    filt, preds, norm_innov = kalman_filter(model, init, ys)
    out = {"filtered": filt.mean}
    if cfg.smooth:
        out["smoothed"] = rts_smoother(model, filt, preds).mean
    if cfg.diagnostics:
        out["whiteness_p"] = innovation_whiteness_test(norm_innov)
    return out, filt


if __name__ == "__main__":
    model = constant_velocity()
    cfg = TrackerConfig()
    print(cfg, "observable:", is_observable(model))
    xs, ys = simulate(model, cfg.steps, cfg.seed)
    out, filt = jax.jit(lambda y: track(model, y, cfg))(ys)
    rmse = jnp.sqrt(jnp.mean((out["filtered"][:, 0] - xs[:, 0]) ** 2))
    print("filter rmse", float(rmse), "gain", np.asarray(jax.jit(steady_state_gain)(model)).ravel())
    print("mean NEES", float(nees(filt.mean - xs, filt.cov).mean()))
    if "whiteness_p" in out:
        print("whiteness p =", float(out["whiteness_p"]))
