import functools

import jax
import jax.numpy as jnp

from infotheory import entropy, kl_divergence, settings

settings.temperature = 0.5
logits = jnp.array([2.0, 0.5, -1.0, 0.0])
target = jnp.zeros(4)

print("entropy (bits):", float(entropy(logits)))

dH = jax.jacrev(entropy)(logits)
print("dH/dlogits:", dH)

kl_to_uniform = functools.partial(kl_divergence, logits_q=target)
step = jax.jit(jax.value_and_grad(kl_to_uniform))
for i in range(5):
    val, g = step(logits)
    logits = logits - 0.5 * g
print("KL after 5 steps:", float(val))
