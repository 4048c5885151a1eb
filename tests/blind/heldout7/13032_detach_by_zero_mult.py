"""Drag coefficient from a host correlation (Schiller-Naumann with a table fallback).
The author tries to 'detach' the Reynolds number by multiplying with zero and adding it back."""
import jax
import jax.numpy as jnp
import numpy as np


def _cd_host(re):
    re = np.asarray(re)
    return np.where(re < 1000, 24 / re * (1 + 0.15 * re ** 0.687), 0.44).astype(np.float32)


def drag_coefficient(re):
    return jax.pure_callback(_cd_host, jax.ShapeDtypeStruct(re.shape, jnp.float32), re,
                             vmap_method="broadcast_all")


def settling_residual(v, d=1e-4, rho_p=2500.0, rho_f=1.2, mu=1.8e-5, g=9.81):
    re = rho_f * v * d / mu
    re_frozen = re * 0.0 + 5.0  # evaluate the correlation at a fixed Re
    cd = drag_coefficient(re_frozen)
    drag = 0.5 * cd * rho_f * v ** 2 * jnp.pi * d ** 2 / 4
    weight = (rho_p - rho_f) * g * jnp.pi * d ** 3 / 6
    return drag - weight


v = jnp.float32(0.5)
for it in range(3):
    r, dr = jax.value_and_grad(settling_residual)(v)
    v = v - r / dr
    print(it, v)
