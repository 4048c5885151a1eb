"""Clipped reflectance model whose cotangent rule asks the host for a correction factor."""
import numpy as np
import jax
import jax.numpy as jnp


def host_correction(g):
    gv = np.asarray(g)
    return (1.0 / (1.0 + np.abs(gv))).astype(gv.dtype)


@jax.custom_vjp
def reflect(albedo, angle):
    return jnp.clip(albedo, 0.0, 1.0) * jnp.cos(angle)


def _reflect_fwd(albedo, angle):
    return reflect(albedo, angle), (albedo, angle)


def _reflect_bwd(res, g):
    albedo, angle = res
    shape = jax.ShapeDtypeStruct(g.shape, g.dtype)
    corr = jax.pure_callback(host_correction, shape, g, vectorized=True)
    return (g * corr * jnp.cos(angle), -g * jnp.clip(albedo, 0.0, 1.0) * jnp.sin(angle))


reflect.defvjp(_reflect_fwd, _reflect_bwd)


def render(params, angles):
    return jnp.sum(reflect(params["albedo"], angles) ** 2)


def sensitivity(params, angles, compute_pullback=True):
    value, pullback = jax.vjp(lambda p: render(p, angles), params)
    if not compute_pullback:
        return value, None
    (ct,) = pullback(jnp.ones_like(value))
    return value, ct


if __name__ == "__main__":
    params = {"albedo": jnp.array([0.2, 0.7, 1.2], dtype=jnp.float32)}
    angles = jnp.array([0.1, 0.5, 1.0], dtype=jnp.float32)
    value, ct = sensitivity(params, angles, compute_pullback=False)
    print("value:", float(value))
    print("cotangent:", None if ct is None else np.round(np.asarray(ct["albedo"]), 4))
