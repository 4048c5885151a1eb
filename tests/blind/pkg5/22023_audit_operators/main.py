# Models a library whose linear operators are wrapped by an audit decorator that streams inputs to a host log; the adjoint comes from linear_transpose.
import jax
import jax.numpy as jnp
from auditlib import ops, hooks

x = jnp.array([1.0, -2.0, 0.5])

if __name__ == "__main__":
    D = ops.lookup("difference")
    print(D(x), len(hooks.AUDIT_LOG))
    DT = jax.linear_transpose(D, x)
    print(DT(jnp.ones(3)))
