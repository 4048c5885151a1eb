"""Langevin sampler whose host-side noise comes from an endless generator."""
import numpy as np
import jax
import jax.numpy as jnp


def gaussian_stream(seed, dim):
    key = jax.random.PRNGKey(seed)
    while True:
        key, sub = jax.random.split(key)
        yield np.asarray(jax.random.normal(sub, (dim,)), dtype=np.float32)


_STREAM = gaussian_stream(11, 3)


def draw_noise(position):
    position = np.asarray(position)
    return next(_STREAM).reshape(position.shape)


def grad_log_density(x):
    return jax.grad(lambda z: -0.5 * jnp.sum(z ** 2) - 0.1 * jnp.sum(z ** 4))(x)


@jax.jit
def langevin_step(x, eps):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    noise = jax.pure_callback(draw_noise, spec, x)
    return x + eps * grad_log_density(x) + jnp.sqrt(2 * eps) * noise


def run_chain(x0, n, eps=0.05):
    xs = [x0]
    for _ in range(n):
        xs.append(langevin_step(xs[-1], eps))
    return jnp.stack(xs)


if __name__ == "__main__":
    chain = run_chain(jnp.ones(3), 10)
    print(chain.shape, np.round(np.asarray(chain[-1]), 3))
