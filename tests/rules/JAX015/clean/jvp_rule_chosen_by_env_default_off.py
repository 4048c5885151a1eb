"""A custom_jvp whose rule returns a tangent list for a scalar output, used only when an
environment variable says so; its default ("0") picks the plain function where it runs."""
import os

import jax
import jax.numpy as jnp

USE_CUSTOM = os.environ.get("JAX_LSP_DEMO_CUSTOM_JVP", "0") == "1"


@jax.custom_jvp
def softabs(x):
    return jnp.sqrt(x * x + 1e-4)


@softabs.defjvp
def softabs_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    r = jnp.sqrt(x * x + 1e-4)
    return r, [x / r * dx]


def plain(x):
    return jnp.sqrt(x * x + 1e-4)


absfn = softabs if USE_CUSTOM else plain
print(jax.grad(lambda u: jnp.sum(absfn(u)))(jnp.array([0.5, -1.0])))
