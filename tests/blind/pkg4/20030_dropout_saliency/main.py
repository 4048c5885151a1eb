# Models an equinox saliency-map app: a dropout MLP is called as model(x, key) and the explainer takes jax.jacrev with argnums limited to the float input, leaving the PRNG key undifferentiated.
import jax
import jax.numpy as jnp

from saliency import explain, make_model


def main():
    model = make_model(seed=3)
    x = jnp.array([0.5, 1.5, -0.5, 0.0])
    keys = jax.random.split(jax.random.key(9), 3)
    maps = [explain.saliency(model, x, k) for k in keys]
    print(jnp.stack(maps).mean(axis=0))


if __name__ == "__main__":
    main()
