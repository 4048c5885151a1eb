import flax.linen as nn
import jax.numpy as jnp

from ..host import power_spectrum


class SpectralMLP(nn.Module):
    hidden: int = 16
    out: int = 1

    @nn.compact
    def __call__(self, x):
        feats = jnp.log1p(power_spectrum(x))
        h = jnp.concatenate([x, feats], axis=-1)
        h = nn.Dense(self.hidden)(h)
        h = nn.gelu(h)
        return nn.Dense(self.out)(h)
