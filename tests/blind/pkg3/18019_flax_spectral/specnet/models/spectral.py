import flax.linen as nn
import jax.numpy as jnp

from ..host import power_spectrum


class SpectralMLP(nn.Module):
    hidden: int = 16
    out: int = 1

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = nn.gelu(h)
        feats = jnp.log1p(power_spectrum(h))
        h = jnp.concatenate([h, feats], axis=-1)
        return nn.Dense(self.out)(h)
