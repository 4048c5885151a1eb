import jax
import jax.numpy as jnp
import flax.linen as nn


@jax.custom_jvp
def safe_log1p_exp(x):
    return jnp.where(x > 20.0, x, jnp.log1p(jnp.exp(jnp.minimum(x, 20.0))))


@safe_log1p_exp.defjvp
def _safe_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = safe_log1p_exp(x)
    return y, jax.nn.sigmoid(x) * dx


class Head(nn.Module):
    @nn.compact
    def __call__(self, x):
        return safe_log1p_exp(nn.Dense(2)(x)).sum()


model = Head()
x = jnp.ones(3)
params = model.init(jax.random.PRNGKey(0), x)
grads = jax.grad(lambda p: model.apply(p, x))(params)
print(jax.tree_util.tree_map(jnp.shape, grads))
