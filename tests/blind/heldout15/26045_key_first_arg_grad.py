import jax
import jax.numpy as jnp

jax.config.update("jax_enable_custom_prng", True)


def noisy_objective(key, w, *, sigma=0.1):
    eps = sigma * jax.random.normal(key, w.shape)
    return jnp.sum((w + eps - 1.0) ** 2)


def main():
    key = jax.random.key(42)
    w = jnp.zeros(3)
    vals = [noisy_objective(k, w) for k in jax.random.split(key, 2)]
    print(f"objective samples: {[f'{v:.3f}' for v in vals]}")
    # estimate the gradient by averaging over keys
    g = jnp.mean(jnp.stack([jax.grad(noisy_objective)(k, w) for k in jax.random.split(key, 4)]), 0)
    print(g)


if __name__ == "__main__":
    main()
