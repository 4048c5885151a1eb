import jax
import jax.numpy as jnp

from losslib import kl_bernoulli
from model import predict

if __name__ == "__main__":
    target = jnp.array([0.1, 0.5, 0.9])
    logits = jnp.zeros(3)

    def objective(logits):
        return kl_bernoulli(target, predict(logits))

    for _ in range(5):
        logits = logits - 1.0 * jax.grad(objective)(logits)
    print(predict(logits))
