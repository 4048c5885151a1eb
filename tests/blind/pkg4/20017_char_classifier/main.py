# Models a flax.linen character-classifier app: the loss takes the integer char batch first, and the config-driven step builder differentiates only the params argument (argnums=1).
import jax
import jax.numpy as jnp

from charcls import config, net, steps


chars = jnp.array([[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8]], dtype=jnp.int32)
labels = jnp.array([0, 1, 1], dtype=jnp.int32)
module = net.CharBag(n_chars=10, n_classes=2)
variables = module.init(jax.random.PRNGKey(7), chars)
update = steps.build_step(lambda c, v: net.xent(module, c, v, labels), config.CFG)
for _ in range(2):
    variables, value = update(chars, variables)
print("loss", value)
