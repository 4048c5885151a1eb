import jax.numpy as jnp
import optax


def bigram_loss(model, token_ids, params):
    logits = model.apply(params, token_ids[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, token_ids[:, 1:]).mean()
