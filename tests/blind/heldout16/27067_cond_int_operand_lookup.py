"""Material lookup by integer phase id inside lax.cond; stiffness gradient w.r.t. strain only."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

_MODULI = np.array([70e3, 110e3, 200e3], dtype=np.float32)


def host_modulus(phase_id):
    return jax.pure_callback(lambda i: _MODULI[int(i)], jax.ShapeDtypeStruct((), jnp.float32),
                             phase_id)


def stress(eps, phase_id, is_damaged):
    def intact(ops):
        e, pid = ops
        return host_modulus(pid) * e

    def damaged(ops):
        e, pid = ops
        return 0.3 * host_modulus(pid) * e

    return lax.cond(is_damaged, damaged, intact, (eps, phase_id))


def energy(eps, phase_id, is_damaged):
    return 0.5 * stress(eps, phase_id, is_damaged) * eps


phase = jnp.int32(2)
for dmg in (False, True):
    print(jax.grad(energy)(1e-3, phase, dmg))
print(jax.hessian(energy)(1e-3, phase, True))
