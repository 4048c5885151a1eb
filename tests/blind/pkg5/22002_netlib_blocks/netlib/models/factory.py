import jax

from .layers.residual import residual_block


def init_params(key, width, depth):
    keys = jax.random.split(key, depth)
    return [{"w": 0.1 * jax.random.normal(k, (width, width)), "b": jax.numpy.zeros(width)}
            for k in keys]


def build_model(depth):
    def apply(params, x):
        for i in range(depth):
            x = residual_block(params[i], x)
        return x
    return apply
