import jax.numpy as jnp
import flax.linen as nn
import optax


class CharBag(nn.Module):
    n_chars: int
    n_classes: int

    @nn.compact
    def __call__(self, chars):
        e = nn.Embed(self.n_chars, 6)(chars).mean(axis=1)
        return nn.Dense(self.n_classes)(nn.relu(e))


def xent(module, chars, variables, labels):
    logits = module.apply(variables, chars)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
