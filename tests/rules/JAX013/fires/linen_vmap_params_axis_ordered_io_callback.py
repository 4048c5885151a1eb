"""flax's nn.vmap with variable_axes={'params': 0} stacks one set of parameters per member:
an ordered io_callback on a value computed from them is batched although in_axes=None."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

norms = []


def _record_norm(v):
    norms.append(float(v))


class Head(nn.Module):
    def setup(self):
        self.scale = self.param("scale", nn.initializers.ones, (3,))

    def __call__(self, x):
        y = x * self.scale
        io_callback(_record_norm, None, jnp.linalg.norm(y), ordered=True)  # EXPECT: JAX013
        return y


class Heads(nn.Module):
    def setup(self):
        self.heads = nn.vmap(
            Head,
            in_axes=None,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            axis_size=2,
        )()

    def __call__(self, x):
        return self.heads(x).sum(0)


model = Heads()
x = jnp.ones((3,))
variables = model.init(jax.random.PRNGKey(0), x)
print(model.apply(variables, x))
