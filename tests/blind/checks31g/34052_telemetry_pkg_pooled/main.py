import jax
import jax.numpy as jnp

from model import forward, init_params, predict
from telemetry import DEFAULT_SINK


def main():
    params = init_params(jax.random.key(0))
    xs = jax.random.normal(jax.random.key(1), (6, 4))
    # the tapped forward works on the whole batch at once (matmuls broadcast)
    logits = jax.jit(forward)(params, xs)
    # per-example evaluation uses the untapped path
    per_example = jax.vmap(predict, in_axes=(None, 0))
    check = per_example(params, xs)
    print("max diff", float(jnp.abs(logits - check).max()))
    print(DEFAULT_SINK.summary())


if __name__ == "__main__":
    main()
