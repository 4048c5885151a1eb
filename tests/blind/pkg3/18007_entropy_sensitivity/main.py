import jax
import jax.numpy as jnp

from infotheory import entropy, settings

settings.base = 2.0
logits = jnp.array([2.0, 0.5, -1.0, 0.0])

H = entropy(logits)
print("entropy (bits):", float(H))

# sensitivity of the entropy to each logit
dH = jax.jacfwd(entropy)(logits)
print("dH/dlogits:", dH)
