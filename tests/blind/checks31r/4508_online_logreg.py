"""Online logistic regression; features are binned on the host before each step."""
import numpy as np
import jax
import jax.numpy as jnp


def digitize_host(x, edges):
    x = np.asarray(x)
    edges = np.asarray(edges)
    return (np.digitize(x, edges) / len(edges)).astype(np.float32)


def binned(x, edges):
    spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(digitize_host, spec, x, edges, vectorized=False)


def loss(w, x, y, edges):
    z = binned(x, edges) @ w
    return jnp.mean(jnp.logaddexp(0.0, z) - y * z)


@jax.jit
def sgd_step(w, x, y, edges):
    z = jax.lax.stop_gradient(binned(x, edges))
    p = jax.nn.sigmoid(z @ w)
    g = z.T @ (p - y) / x.shape[0]
    return w - 0.5 * g


def stream(n_batches, size, dim, seed=0):
    rng = np.random.default_rng(seed)
    true_w = rng.normal(size=dim)
    for _ in range(n_batches):
        x = rng.uniform(size=(size, dim)).astype(np.float32)
        y = (x @ true_w > 0).astype(np.float32)
        yield jnp.asarray(x), jnp.asarray(y)


def train(batches, dim, edges):
    w = jnp.zeros(dim)
    for i, (x, y) in enumerate(batches):
        w = sgd_step(w, x, y, edges)
    return w, i + 1


if __name__ == "__main__":
    edges = jnp.linspace(0.0, 1.0, 5)
    w, n = train(stream(4, 8, 3), 3, edges)
    print(n, np.round(np.asarray(w), 3))
