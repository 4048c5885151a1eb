# Models: sensitivity analysis of a stochastic (dropout) layer, where the user wraps jax.jacfwd over all arguments including the legacy raw uint32 PRNG key
import jax
import jax.numpy as jnp


def dropout_layer(key, w, x, rate=0.25):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    h = jnp.where(keep, x / (1.0 - rate), 0.0)
    return jnp.tanh(w @ h)


def sensitivities(key, w, x):
    """Jacobians w.r.t. the key (for completeness) and the input."""
    jac = jax.jacfwd(dropout_layer, argnums=(0, 2))
    return jac(key, w, x)


def init_weights(seed, n_out=2, n_in=3):
    k = jax.random.PRNGKey(seed)
    return 0.3 * jax.random.normal(k, (n_out, n_in))


def mc_mean(key, w, x, n_samples=8):
    keys = jax.random.split(key, n_samples)
    outs = jax.vmap(dropout_layer, in_axes=(0, None, None))(keys, w, x)
    return outs.mean(0), outs.std(0)


def summarize(mean, std):
    for i, (m, s) in enumerate(zip(mean, std)):
        print(f"unit {i}: {float(m):+.3f} +- {float(s):.3f}")


if __name__ == "__main__":
    summarize(*mc_mean(jax.random.PRNGKey(7), init_weights(1), jnp.ones(3)))
    key = jax.random.PRNGKey(42)  # legacy raw uint32[2] key
    w = jnp.array([[0.2, -0.1, 0.4], [0.0, 0.3, 0.1]])
    x = jnp.array([1.0, 2.0, -1.0])
    jk, jx = sensitivities(key, w, x)
    print(jx.shape)
