"""Learning-rate search for a Poisson GLM; stops as soon as a run converges."""
import numpy as np
import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_exp(eta, cap):
    return jnp.exp(jnp.minimum(eta, cap))


def _safe_exp_fwd(eta, cap):
    y = jnp.exp(jnp.minimum(eta, cap))
    return y, (eta, cap, y)


def _safe_exp_bwd(res, g):
    eta, cap, y = res
    return (jnp.where(eta < cap, g * y, 0.0), jnp.where(eta < cap, 0.0, g * y), None)


safe_exp.defvjp(_safe_exp_fwd, _safe_exp_bwd)


def poisson_nll(w, X, counts, cap):
    eta = X @ w
    mu = safe_exp(eta, cap) if cap > 0 else jnp.exp(eta)
    return jnp.mean(mu - counts * eta)


def fit(lr, X, counts, cap, steps=80):
    w = jnp.zeros(X.shape[1])
    grad = jax.grad(poisson_nll)
    for _ in range(steps):
        w = w - lr * grad(w, X, counts, cap)
    return w, float(poisson_nll(w, X, counts, cap))


def deviance_ratio(w, X, counts):
    mu = jnp.exp(X @ w)
    null = jnp.full_like(mu, counts.mean())
    dev = lambda m: 2 * jnp.sum(jnp.where(counts > 0, counts * jnp.log(counts / m), 0.0) - (counts - m))
    return 1.0 - dev(mu) / dev(null)


SEARCH = [
    {"lr": 0.5, "cap": 0.0},
    {"lr": 0.2, "cap": 0.0},
    {"lr": 0.1, "cap": 6.0},
]

if __name__ == "__main__":
    rng = np.random.default_rng(13)
    X = np.c_[np.ones(60), rng.standard_normal((60, 2))].astype(np.float32)
    counts = rng.poisson(np.exp(X @ np.array([0.5, 0.4, -0.3]))).astype(np.float32)
    X, counts = jnp.asarray(X), jnp.asarray(counts)
    tolerance = 1e-3
    prev = None
    for trial in SEARCH:
        w, nll = fit(trial["lr"], X, counts, trial["cap"])
        print(f"lr={trial['lr']:<4} cap={trial['cap']:<4} nll={nll:.5f} D2={float(deviance_ratio(w, X, counts)):.3f}")
        if prev is not None and abs(prev - nll) < tolerance:
            print("converged, stopping search")
            break
        prev = nll
