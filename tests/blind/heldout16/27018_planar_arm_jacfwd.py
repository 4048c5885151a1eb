"""Planar 3-link arm: forward kinematics, and its Jacobian for resolved-rate control."""
import jax
import jax.numpy as jnp

LINKS = jnp.array([1.0, 0.8, 0.5])


@jax.custom_vjp
def wrap_angle(theta):
    return jnp.arctan2(jnp.sin(theta), jnp.cos(theta))


def _wrap_fwd(theta):
    return wrap_angle(theta), None


def _wrap_bwd(_, g):
    return (g,)


wrap_angle.defvjp(_wrap_fwd, _wrap_bwd)


def forward_kinematics(q):
    cum = jnp.cumsum(q)
    x = jnp.sum(LINKS * jnp.cos(cum))
    y = jnp.sum(LINKS * jnp.sin(cum))
    return jnp.array([x, y, wrap_angle(cum[-1])])


def resolved_rate(q, target, gain=0.5, steps=10):
    jac = jax.jacfwd(forward_kinematics)
    for _ in range(steps):
        err = target - forward_kinematics(q)
        dq = jnp.linalg.lstsq(jac(q), gain * err)[0]
        q = q + dq
    return q


print(resolved_rate(jnp.array([0.3, 0.4, 0.2]), jnp.array([1.2, 1.0, 0.9])))
