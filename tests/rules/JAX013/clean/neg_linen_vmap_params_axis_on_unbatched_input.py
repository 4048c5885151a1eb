"""nn.vmap with variable_axes={'params': 0} batches the parameters, not an input whose
in_axes is None: the ordered io_callback on the input runs."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

inputs = []


def _log_input(v):
    inputs.append(float(v))


class Head(nn.Module):
    def setup(self):
        self.scale = self.param("scale", nn.initializers.ones, (3,))

    def __call__(self, x):
        io_callback(_log_input, None, jnp.linalg.norm(x), ordered=True)
        return x * self.scale


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
