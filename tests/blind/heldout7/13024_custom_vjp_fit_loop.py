"""Fit a Planck spectrum temperature with an optax-like loop; the spectrum comes from a
'C library' (numpy stand-in) wrapped with custom_vjp so reverse mode works."""
import jax
import jax.numpy as jnp
import numpy as np

h, c, kB = 6.626e-34, 3.0e8, 1.381e-23
wl = np.linspace(0.4e-6, 2.0e-6, 10)


def _planck(T):
    return (2 * h * c ** 2 / wl ** 5 / np.expm1(h * c / (wl * kB * float(T))) * 1e-13).astype(np.float32)


def _dplanck_dT(T):
    T = float(T)
    x = h * c / (wl * kB * T)
    return (2 * h * c ** 2 / wl ** 5 * np.exp(x) / np.expm1(x) ** 2 * x / T * 1e-13).astype(np.float32)


@jax.custom_vjp
def planck(T):
    return jax.pure_callback(_planck, jax.ShapeDtypeStruct(wl.shape, jnp.float32), T)


def planck_fwd(T):
    return planck(T), T


def planck_bwd(T, g):
    d = jax.pure_callback(_dplanck_dT, jax.ShapeDtypeStruct(wl.shape, jnp.float32), T)
    return (jnp.sum(g * d),)


planck.defvjp(planck_fwd, planck_bwd)

obs = jnp.asarray(_planck(4500.0))


@jax.jit
def update(T, lr=2e4):
    loss, g = jax.value_and_grad(lambda t: jnp.mean((planck(t) - obs) ** 2))(T)
    return T - lr * g / (jnp.abs(g) + 1e-8), loss


T = jnp.float32(4000.0)
for i in range(5):
    T, l = update(T)
    print(i, float(T), float(l))
