# Models a token-embedding library whose trainer differentiates a bundled state (tables plus token ids) with optax.
import jax.numpy as jnp
from tokenlib import Trainer, init_state

state = init_state(vocab=10, dim=3, tokens=jnp.array([1, 4, 4, 7]))
targets = jnp.ones((4, 3)) * 0.1

if __name__ == "__main__":
    tr = Trainer(lr=0.05)
    for _ in range(2):
        state, loss = tr.step(state, targets)
    print("loss", loss)
