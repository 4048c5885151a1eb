"""Gradient-clipping op whose backward pass reports the cotangent norm to the host."""
import numpy as np
import jax
import jax.numpy as jnp

REPORT = []


def _report(ct):
    g = np.asarray(ct)
    REPORT.append(float(jnp.linalg.norm(g)))


@jax.custom_vjp
def clip_grad(x, bound):
    return x


def _clip_fwd(x, bound):
    return x, bound


def _clip_bwd(bound, ct):
    jax.debug.callback(_report, ct)
    return jnp.clip(ct, -bound, bound), None


clip_grad.defvjp(_clip_fwd, _clip_bwd)


def layer(w, x):
    h = jnp.tanh(x @ w)
    return clip_grad(h, 0.5)


def forward_and_pullback(w, x):
    out, pullback = jax.vjp(lambda w_: layer(w_, x), w)
    return out, pullback


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"



if __name__ == "__main__":
    w = jnp.eye(3) * 0.3
    x = jnp.arange(6.0).reshape(2, 3) / 6.0
    out, pullback = forward_and_pullback(w, x)
    (gw,) = pullback(jnp.ones_like(out) * 2.0)
    jax.effects_barrier()
    print(np.round(np.asarray(out), 3))
    print(gw.shape, len(REPORT))
