"""A gradient-norm 'probe' attached to a jitted update for a debugging session."""
import jax
import jax.numpy as jnp
import numpy as np

NORMS = []


def host_norm(g):
    g = np.asarray(g)
    n = float(np.linalg.norm(g))
    NORMS.append(n)
    return np.float32(n)


def probe_norm(g):
    return jax.pure_callback(host_norm, jax.ShapeDtypeStruct((), jnp.float32), g,
                             vectorized=True)


def loss(w, x):
    return jnp.sum(jnp.sin(x @ w) ** 2)


@jax.jit
def update(w, x):
    g = jax.grad(loss)(w, x)
    gn = probe_norm(g)
    g = g * jnp.minimum(1.0, 1.0 / (jnp.linalg.norm(g) + 1e-6))
    return w - 0.1 * g


def hessian_diag(w, x):
    return jnp.diag(jax.hessian(loss)(w, x))


def summarize(norms):
    arr = np.asarray(norms)
    return {"n": arr.size, "max": float(arr.max()) if arr.size else None}


def lr_warmup(step, peak=0.1, warm=10):
    return peak * min(1.0, (step + 1) / warm)


if __name__ == "__main__":
    w = jnp.ones(3)
    x = jnp.arange(6.0).reshape(2, 3) / 6
    for _ in range(2):
        w = update(w, x)
    print(w, NORMS)
    print(hessian_diag(w, x), summarize(NORMS))
