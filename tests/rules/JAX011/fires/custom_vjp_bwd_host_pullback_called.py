"""A custom_vjp's bwd reports the cotangent's norm through jax.debug.callback; the pullback
jax.vjp returns is called, so bwd and its host run."""
import jax
import jax.numpy as jnp
import numpy as np

NORMS = []


def _report(ct):
    NORMS.append(float(jnp.linalg.norm(np.asarray(ct))))  # EXPECT: JAX011


@jax.custom_vjp
def clip(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, ct):
    jax.debug.callback(_report, ct)
    return (jnp.clip(ct, -1.0, 1.0),)


clip.defvjp(clip_fwd, clip_bwd)

if __name__ == "__main__":
    out, pullback = jax.vjp(clip, jnp.arange(3.0))
    (g,) = pullback(jnp.ones(3))
    jax.effects_barrier()
    print(g, NORMS)
