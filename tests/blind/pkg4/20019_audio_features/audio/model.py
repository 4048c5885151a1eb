import flax.linen as nn


class Head(nn.Module):
    @nn.compact
    def __call__(self, f):
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(f)))
