# after https://github.com/jax-ml/jax/issues/4106: differentiating scipy expm via custom_vjp, fitted with optax
import jax
import jax.numpy as jnp
import numpy as np
import optax
import scipy.linalg


def _expm_host(a):
    return scipy.linalg.expm(a).astype(a.dtype)


def _frechet_host(a, e):
    return scipy.linalg.expm_frechet(a, e, compute_expm=False).astype(a.dtype)


@jax.custom_vjp
def expm(a):
    return jax.pure_callback(_expm_host, jax.ShapeDtypeStruct(a.shape, a.dtype), a)


def expm_fwd(a):
    return expm(a), a


def expm_bwd(a, g):
    out = jax.pure_callback(_frechet_host, jax.ShapeDtypeStruct(a.shape, a.dtype), a.T, g)
    return (out,)


expm.defvjp(expm_fwd, expm_bwd)

target = jnp.asarray(scipy.linalg.expm(np.array([[0.0, 0.3], [-0.3, 0.0]])), dtype=jnp.float32)


def loss_fn(params):
    gen = params["w"] - params["w"].T
    return jnp.sum((expm(gen) - target) ** 2)


params = {"w": jnp.array([[0.0, 0.1], [0.0, 0.0]])}
opt = optax.adam(5e-2)
opt_state = opt.init(params)


@jax.jit
def train_step(params, opt_state):
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = opt.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


for i in range(30):
    params, opt_state, loss = train_step(params, opt_state)
print("final loss", loss)
