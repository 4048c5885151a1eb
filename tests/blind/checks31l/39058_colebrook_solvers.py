"""Colebrook friction factor for pipe networks: root-finder comparison, first converged wins."""
import math
import numpy as np
import scipy.optimize as so
import jax
import jax.numpy as jnp


def colebrook_residual(f, re, rr):
    return 1.0 / math.sqrt(f) + 2.0 * math.log10(rr / 3.7 + 2.51 / (re * math.sqrt(f)))


def _bisect(re, rr, tol):
    return so.bisect(colebrook_residual, 1e-4, 0.2, args=(re, rr), xtol=tol, maxiter=40)


def _secant(re, rr, tol):
    return so.newton(colebrook_residual, 0.02, args=(re, rr), tol=tol, maxiter=50)


def _newton_ad(re, rr, tol):
    def r(f):
        return 1.0 / jnp.sqrt(f) + 2.0 * jnp.log10(rr / 3.7 + 2.51 / (re * jnp.sqrt(f)))
    dr = jax.grad(r)
    f = 0.02
    for _ in range(20):
        step = float(r(f)) / float(dr(f))
        f -= step
        if abs(step) < tol:
            break
    return f


METHODS = {"bisect": _bisect, "secant": _secant, "newton_ad": _newton_ad}


def friction_factors(method, reynolds, roughness, tol):
    def host(re, rr):
        re = np.asarray(re, dtype=np.float64)
        rr = np.asarray(rr, dtype=np.float64)
        out = [METHODS[method](float(a), float(b), tol) for a, b in zip(re, rr)]
        return np.asarray(out, dtype=np.float32)
    spec = jax.ShapeDtypeStruct(reynolds.shape, jnp.float32)
    return jax.pure_callback(host, spec, reynolds, roughness)


def head_loss(f, length, diam, vel):
    return f * (length / diam) * vel ** 2 / (2 * 9.81)


def choose_solver(reynolds, roughness, reference, budget):
    for method in ["bisect", "secant", "newton_ad"]:
        f = jax.jit(lambda a, b: friction_factors(method, a, b, 1e-8))(reynolds, roughness)
        err = float(jnp.max(jnp.abs(f - reference)))
        print(f"{method:>10s}: max err {err:.2e}")
        if err < budget:
            return method, f
    return None, None


if __name__ == "__main__":
    re = jnp.array([4e3, 2e4, 1e5, 1e6], dtype=jnp.float32)
    rr = jnp.array([1e-4, 1e-4, 5e-4, 1e-3], dtype=jnp.float32)
    ref = jnp.array([0.0399, 0.0262, 0.0205, 0.0198], dtype=jnp.float32)
    method, f = choose_solver(re, rr, ref, budget=1e-4)
    print("chosen:", method)
    if f is not None:
        print("head loss [m]:", np.round(np.asarray(head_loss(f, 100.0, 0.1, 2.0)), 3))
