"""Michaelis-Menten rate with a JVP rule that tolerates extra positional arguments."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def mm_rate(s, vmax, km):
    return vmax * s / (km + s)


@mm_rate.defjvp
def mm_rate_jvp(primals, tangents, *_unused):
    s, vmax, km = primals
    ds, dvmax, dkm = tangents
    denom = km + s
    out = vmax * s / denom
    tangent = (vmax * km / denom ** 2) * ds + (s / denom) * dvmax - (vmax * s / denom ** 2) * dkm
    return out, tangent


def sse(params, s_obs, v_obs):
    vmax, km = params
    return jnp.sum((mm_rate(s_obs, vmax, km) - v_obs) ** 2)


s_obs = jnp.array([0.5, 1.0, 2.0, 4.0])
v_obs = jnp.array([0.3, 0.5, 0.65, 0.8])
print(jax.grad(sse)((1.0, 1.0), s_obs, v_obs))
