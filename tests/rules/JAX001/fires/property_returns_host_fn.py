"""A model exposes its activation through a property; the activation calls the host under jacrev."""
import jax
import jax.numpy as jnp
import numpy as np


class Model:
    def __init__(self, kind):
        self.kind = kind

    @property
    def activation(self):
        def act(z):
            return jax.pure_callback(  # EXPECT: JAX001
                lambda v: np.tanh(v).astype(np.float32),
                jax.ShapeDtypeStruct(z.shape, z.dtype),
                z,
                vmap_method="sequential",
            )

        return act

    def __call__(self, w, x):
        return self.activation(x @ w)


model = Model("tanh")
print(jax.jacrev(model)(jnp.ones((3, 2)), jnp.ones(3)))
