# Models a vocabulary-embedding package whose fitter differentiates trainable tables while token ids ride along as a second argument.
import jax.numpy as jnp
import vocab

params = vocab.new_params(n_words=8, width=3)
ids = jnp.array([0, 3, 3, 5, 7])
goal = jnp.full((5, 3), 0.2)

if __name__ == "__main__":
    fitted, hist = vocab.fit(params, ids, goal, epochs=2)
    print(hist)
