import jax.numpy as jnp

from . import audit as au


class LogisticClassifier(au.AuditMixin):
    def __init__(self, dim):
        self.dim = dim

    def zeros(self):
        return {"w": jnp.zeros(self.dim), "b": jnp.zeros(())}

    def logits(self, params, x):
        z = x @ params["w"] + params["b"]
        return self.audit(z)
