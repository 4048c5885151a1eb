"""The twin: the bwd of a custom_vjp reports through a debug callback whose host calls jax.numpy, but the pullback `jax.vjp` returns is only unpacked and looked at (`callable`), never called: the bwd never runs."""
import jax
import jax.numpy as jnp
import numpy as np

NORMS = []


def _record_norm(g):
    NORMS.append(float(jnp.linalg.norm(np.asarray(g))))  # JAX inside a host, only if the bwd runs


@jax.custom_vjp
def scaled(x, s):
    return x * s


def _scaled_fwd(x, s):
    return x * s, s


def _scaled_bwd(s, ct):
    jax.debug.callback(_record_norm, ct)
    return ct * s, jnp.sum(ct)


scaled.defvjp(_scaled_fwd, _scaled_bwd)

if __name__ == "__main__":
    w = jnp.linspace(0.0, 1.0, 4)
    energy, vjp_fn = jax.vjp(lambda v: jnp.sum(scaled(v, 2.0) ** 2), w)
    held = vjp_fn
    print("energy", energy, "pullback kept", callable(held), NORMS)
