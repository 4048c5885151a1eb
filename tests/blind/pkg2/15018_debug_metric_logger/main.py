import jax
import jax.numpy as jnp
from models import LinearRegressor
from utils import flush

model = LinearRegressor(3)
key = jax.random.PRNGKey(3)
X = jax.random.normal(key, (20, 3))
y = X @ jnp.array([1.0, -2.0, 0.5]) + 0.3
params = model.init(key)
step = jax.jit(jax.value_and_grad(model.loss))
for i in range(10):
    l, g = step(params, X, y)
    params = jax.tree_util.tree_map(lambda p, gg: p - 0.1 * gg, params, g)
jax.effects_barrier()
print(flush()[-2:])
