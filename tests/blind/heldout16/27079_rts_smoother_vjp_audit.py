"""Rauch-Tung-Striebel smoother whose forward pass writes an audit trail; adjoint sensitivities via jax.vjp."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import io_callback

AUDIT = []


def _audit(m, P):
    AUDIT.append((float(m), float(P)))
    return np.float32(P)


def filter_smooth(ys, q, r):
    def fwd(carry, y):
        m, P = carry
        Pp = P + q
        K = Pp / (Pp + r)
        m_new = m + K * (y - m)
        P_new = io_callback(_audit, jax.ShapeDtypeStruct((), jnp.float32), m_new, (1 - K) * Pp)
        return (m_new, P_new), (m_new, P_new, Pp)

    _, (ms, Ps, Pps) = lax.scan(fwd, (0.0, 1.0), ys)

    def bwd(carry, inp):
        ms_next, = carry
        m, P, Pp_next = inp
        G = P / Pp_next
        m_s = m + G * (ms_next - m)
        return (m_s,), m_s

    _, smoothed = lax.scan(bwd, (ms[-1],), (ms[:-1], Ps[:-1], Pps[1:]), reverse=True)
    return jnp.concatenate([smoothed, ms[-1:]])


ys = jnp.array([0.1, 0.3, 0.2, 0.6, 0.4, 0.8])
smoothed, pullback = jax.vjp(lambda y: filter_smooth(y, 0.05, 0.1), ys)
print(smoothed, pullback(jnp.ones_like(smoothed)))
