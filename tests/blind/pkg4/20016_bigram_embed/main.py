# Models a flax.linen bigram language-model app: a generic trainer differentiates argument 0 of the injected loss, which the model module declares as the integer token batch.
import jax
import jax.numpy as jnp

from lm import BigramLM, bigram_loss
from lm.trainer import Trainer


def main():
    tokens = jnp.array([[1, 4, 2, 3], [0, 2, 2, 5]], dtype=jnp.int32)
    model = BigramLM(vocab=8, dim=4)
    params = model.init(jax.random.PRNGKey(0), tokens)
    trainer = Trainer(lambda toks, p: bigram_loss(model, toks, p), lr=0.1)
    params = trainer.fit(tokens, params, epochs=2)
    print("done", jax.tree_util.tree_map(jnp.shape, params))


if __name__ == "__main__":
    main()
