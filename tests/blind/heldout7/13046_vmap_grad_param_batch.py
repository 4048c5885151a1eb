"""Ensemble of Arrhenius rate fits: each member has its own activation energy; the rate
constant comes from a host kinetics library with an analytic derivative rule."""
import jax
import jax.numpy as jnp
import numpy as np

R_GAS = 8.314


def _arrhenius_host(Ea, T):
    return np.asarray(1e7 * np.exp(-np.asarray(Ea) / (R_GAS * np.asarray(T))), np.float32)


@jax.custom_jvp
def rate_constant(Ea, T):
    return jax.pure_callback(_arrhenius_host, jax.ShapeDtypeStruct(jnp.shape(Ea), jnp.float32), Ea, T)


@rate_constant.defjvp
def _rate_jvp(primals, tangents):
    Ea, T = primals
    dEa, dT = tangents
    k = rate_constant(Ea, T)
    return k, k * (-dEa / (R_GAS * T) + Ea * dT / (R_GAS * T ** 2))


def misfit(Ea, T=600.0, k_obs=0.5):
    return (jnp.log(rate_constant(Ea, T)) - jnp.log(k_obs)) ** 2


print(misfit(5e4))
print(jax.grad(misfit)(5e4))
ensemble = jnp.array([4.5e4, 5.0e4, 5.5e4, 6.0e4])
print(jax.vmap(jax.grad(misfit))(ensemble))
