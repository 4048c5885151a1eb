"""Planar arm inverse kinematics with damped least squares; Jacobian by reverse mode."""
import jax
import jax.numpy as jnp

LINKS = jnp.array([1.0, 0.8, 0.5])


@jax.custom_vjp
def wrap_angle(theta):
    return jnp.arctan2(jnp.sin(theta), jnp.cos(theta))


wrap_angle.defvjp(lambda t: (wrap_angle(t), None), lambda _, g: (g,))


def fk(q):
    cum = jnp.cumsum(q)
    return jnp.stack([jnp.sum(LINKS * jnp.cos(cum)), jnp.sum(LINKS * jnp.sin(cum)), wrap_angle(cum[-1])])


@jax.jit
def dls_step(q, target, lam=0.1):
    Jm = jax.jacrev(fk)(q)
    err = target - fk(q)
    return q + Jm.T @ jnp.linalg.solve(Jm @ Jm.T + lam ** 2 * jnp.eye(3), err)


q = jnp.array([0.3, 0.4, 0.2])
for _ in range(20):
    q = dls_step(q, jnp.array([1.2, 1.0, 0.9]))
print(q, fk(q))
