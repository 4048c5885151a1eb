"""Free rigid body: integrate Euler's equations until t_final, sensitivities of the final attitude."""
import jax
import jax.numpy as jnp
from jax import lax

I = jnp.array([1.0, 2.0, 3.0])


def quat_mul(a, b):
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return jnp.array([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
                      w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                      w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                      w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2])


def euler_rhs(w):
    return jnp.array([(I[1] - I[2]) * w[1] * w[2] / I[0],
                      (I[2] - I[0]) * w[2] * w[0] / I[1],
                      (I[0] - I[1]) * w[0] * w[1] / I[2]])


def propagate(omega0, t_final=0.5, dt=0.01):
    q0 = jnp.array([1.0, 0.0, 0.0, 0.0])

    def cond(s):
        t, _, _ = s
        return t < t_final

    def body(s):
        t, q, w = s
        w = w + dt * euler_rhs(w)
        dq = 0.5 * quat_mul(q, jnp.concatenate([jnp.zeros(1), w]))
        q = q + dt * dq
        return t + dt, q / jnp.linalg.norm(q), w

    _, q, w = lax.while_loop(cond, body, (0.0, q0, omega0))
    return q


omega0 = jnp.array([0.1, 1.0, 0.05])
print(propagate(omega0))
J = jax.jacrev(propagate)(omega0)
print(J.shape)
