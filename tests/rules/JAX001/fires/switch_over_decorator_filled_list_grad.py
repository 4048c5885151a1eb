"""A decorator appends each stage to a module-level list; lax.switch over that list
differentiates every stage, the host one too, so grad fails."""
import jax
import jax.numpy as jnp
import numpy as np

STAGES = []


def stage(fn):
    STAGES.append(fn)
    return fn


@stage
def soft(x):
    return jnp.tanh(x)


@stage
def host_clip(x):
    return jax.pure_callback(  # EXPECT: JAX001
        lambda v: np.clip(v, -1.0, 1.0).astype(v.dtype),
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x,
        vmap_method="sequential",
    )


def run(x):
    which = (jnp.sum(x) > 100.0).astype(jnp.int32)
    return jnp.sum(jax.lax.switch(which, STAGES, x))


print(jax.grad(run)(jnp.linspace(-2.0, 2.0, 5)))
