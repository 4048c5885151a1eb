import jax
import jax.numpy as jnp
import equinox as eqx


def make_step(lr):
    @eqx.filter_jit
    def step(model, x, y):
        def loss(m):
            return jnp.mean((m(x) - y) ** 2)

        val, grads = eqx.filter_value_and_grad(loss)(model)
        model = jax.tree_util.tree_map(lambda p, g: p - lr * g, model, grads)
        return model, val

    return step
