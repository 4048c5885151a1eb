import jax
import jax.numpy as jnp

import deepnet

key = jax.random.PRNGKey(1)
params = deepnet.init_mlp(key, [4, 16, 16, 1])
x = jax.random.normal(jax.random.PRNGKey(2), (8, 4))
y = jnp.sin(x.sum(axis=1, keepdims=True))

print("initial loss", float(deepnet.mse_loss(params, x, y)))
grads = jax.grad(deepnet.mse_loss)(params, x, y)
print("grad norm", float(jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree_util.tree_leaves(grads)))))
print("block calls", deepnet.CALLS)
