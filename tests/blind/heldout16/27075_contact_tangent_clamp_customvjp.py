"""Penalty contact for a bouncing mass; the contact law's tangent is clamped by a custom-VJP helper."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clamp_rate(v):
    return jnp.clip(v, -50.0, 50.0)


def _clamp_fwd(v):
    return jnp.clip(v, -50.0, 50.0), v


def _clamp_bwd(v, g):
    return (jnp.where(jnp.abs(v) < 50.0, g, 0.0),)


clamp_rate.defvjp(_clamp_fwd, _clamp_bwd)


@jax.custom_jvp
def contact_force(gap, stiffness=1e3):
    return stiffness * jnp.maximum(-gap, 0.0) ** 1.5


@contact_force.defjvp
def _contact_force_jvp(primals, tangents):
    gap, k = primals
    dgap, dk = tangents
    pen = jnp.maximum(-gap, 0.0)
    f = k * pen ** 1.5
    df = -1.5 * k * jnp.sqrt(pen) * dgap + pen ** 1.5 * dk
    return f, clamp_rate(df)


def simulate(h0, v0, dt=1e-3, steps=200):
    def step(carry, _):
        h, v = carry
        a = -9.81 + contact_force(h, 1e3)
        v = v + dt * a
        return (h + dt * v, v), h
    (h, v), traj = jax.lax.scan(step, (h0, v0), None, length=steps)
    return jnp.min(traj)


print(simulate(0.05, 0.0))
print(jax.jvp(simulate, (0.05, 0.0), (1.0, 0.0)))
print(jax.grad(simulate)(0.05, 0.0))
