# Models: Gaussian-process hyperparameter fitting by maximising the marginal likelihood with optax; the kernel matrix is shipped to a host monitor (numpy condition number) through io_callback inside the objective.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

CONDITION_LOG = []


def _monitor_conditioning(gram):
    c = float(np.linalg.cond(np.asarray(gram, np.float64)))
    CONDITION_LOG.append(c)
    return np.float32(c)


def rbf_kernel(x1, x2, log_ell, log_sf):
    d2 = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return jnp.exp(2.0 * log_sf) * jnp.exp(-0.5 * d2 / jnp.exp(2.0 * log_ell))


def neg_marginal_likelihood(hyp, x, y):
    n = x.shape[0]
    K = rbf_kernel(x, x, hyp["log_ell"], hyp["log_sf"]) + jnp.exp(2.0 * hyp["log_sn"]) * jnp.eye(n)
    cond = io_callback(_monitor_conditioning, jax.ShapeDtypeStruct((), jnp.float32), K)
    L = jnp.linalg.cholesky(K)
    alpha = jax.scipy.linalg.cho_solve((L, True), y)
    nll = 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L))) + 0.5 * n * jnp.log(2 * jnp.pi)
    return nll, cond


def fit_hyperparameters(x, y, steps=6):
    hyp = {"log_ell": jnp.float32(0.0), "log_sf": jnp.float32(0.0), "log_sn": jnp.float32(-1.0)}
    opt = optax.adam(0.05)
    state = opt.init(hyp)
    vg = jax.jit(jax.value_and_grad(neg_marginal_likelihood, has_aux=True))
    for i in range(steps):
        (nll, cond), grads = vg(hyp, x, y)
        updates, state = opt.update(grads, state)
        hyp = optax.apply_updates(hyp, updates)
        print(f"iter {i} nll {float(nll):.3f} cond {float(cond):.1f}")
    return hyp


def predict(hyp, x_train, y_train, x_test):
    K = rbf_kernel(x_train, x_train, hyp["log_ell"], hyp["log_sf"])
    K = K + jnp.exp(2.0 * hyp["log_sn"]) * jnp.eye(x_train.shape[0])
    Ks = rbf_kernel(x_test, x_train, hyp["log_ell"], hyp["log_sf"])
    return Ks @ jnp.linalg.solve(K, y_train)


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    kx, kn = jax.random.split(key)
    x = jax.random.uniform(kx, (15, 1), minval=-3.0, maxval=3.0)
    y = jnp.sin(x[:, 0]) + 0.1 * jax.random.normal(kn, (15,))
    hyp = fit_hyperparameters(x, y)
    x_test = jnp.linspace(-3.0, 3.0, 5)[:, None]
    print("predictions", predict(hyp, x, y, x_test))
