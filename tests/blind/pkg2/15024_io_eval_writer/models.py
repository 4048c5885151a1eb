import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    n_classes: int = 3

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(16)(x))
        return nn.Dense(self.n_classes)(x)
