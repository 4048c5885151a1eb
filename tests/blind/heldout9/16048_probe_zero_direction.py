# directional derivatives of a host-evaluated objective; the second argument is probed with a zero direction
import jax
import jax.numpy as jnp
import numpy as np
from scipy.special import logsumexp


def host_lse(logits, temperature):
    def _impl(l, t):
        return np.float32(logsumexp(np.asarray(l) / float(t)) * float(t))
    return jax.pure_callback(_impl, jax.ShapeDtypeStruct((), jnp.float32), logits, temperature)


def smooth_max(weights, temperature):
    return host_lse(jnp.tanh(weights), temperature)


w = jnp.array([0.3, -1.2, 2.0])
T = jnp.float32(0.5)
primal_out, tangent_out = jax.jvp(lambda t: smooth_max(w, t), (T,), (jnp.float32(0.0),))
print(primal_out, tangent_out)
