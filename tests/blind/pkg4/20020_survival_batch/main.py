# Models a survival-analysis app: a BatchMixin vmaps a per-subject predict() whose Weibull CDF comes from scipy.stats via a pure_callback re-exported with `from .ops import *`.
import jax.numpy as jnp

from survival.models import WeibullAFT


if __name__ == "__main__":
    model = WeibullAFT(shape=1.5)
    coefs = jnp.array([0.2, -0.1])
    covariates = jnp.array([[1.0, 0.0], [0.5, 2.0], [0.0, 1.0]])
    times = jnp.array([1.0, 2.0, 3.0])
    print(model.batch_predict(coefs, covariates, times))
