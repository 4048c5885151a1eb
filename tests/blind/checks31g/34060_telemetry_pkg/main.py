import jax
import jax.numpy as jnp

from model import forward, init_params
from telemetry import DEFAULT_SINK


def main():
    params = init_params(jax.random.key(0))
    xs = jax.random.normal(jax.random.key(1), (6, 4))
    per_example = jax.vmap(forward, in_axes=(None, 0))
    logits = per_example(params, xs)
    print("logits", logits.shape)
    print(DEFAULT_SINK.summary())


if __name__ == "__main__":
    main()
