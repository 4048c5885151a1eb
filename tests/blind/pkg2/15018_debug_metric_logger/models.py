import jax
import jax.numpy as jnp
from utils import log_scalar


class LinearRegressor:
    def __init__(self, n_features):
        self.n = n_features

    def init(self, key):
        return {"w": jax.random.normal(key, (self.n,)) * 0.1, "b": jnp.float32(0.0)}

    def loss(self, params, X, y):
        resid = X @ params["w"] + params["b"] - y
        mse = jnp.mean(resid ** 2)
        log_scalar("mse", mse)
        log_scalar("w_norm", jnp.linalg.norm(params["w"]))
        return mse
