import flax.linen as nn


class BigramLM(nn.Module):
    vocab: int
    dim: int

    @nn.compact
    def __call__(self, tokens):
        h = nn.Embed(self.vocab, self.dim)(tokens)
        return nn.Dense(self.vocab)(h)
