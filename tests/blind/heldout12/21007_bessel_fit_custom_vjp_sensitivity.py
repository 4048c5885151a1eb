# Models: fitting a decay model that uses scipy's modified Bessel K0 (wrapped with custom_vjp around a host callback), then a forward-mode sensitivity study with jax.jacfwd.
import jax
import jax.numpy as jnp
import numpy as np
import optax
import scipy.special as sps


def _k0_host(x):
    return sps.k0(np.asarray(x)).astype(np.float32)


def _k1_host(x):
    return sps.k1(np.asarray(x)).astype(np.float32)


def _call_host(fn, x):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@jax.custom_vjp
def bessel_k0(x):
    return _call_host(_k0_host, x)


def _k0_fwd(x):
    return _call_host(_k0_host, x), x


def _k0_bwd(x, g):
    # d/dx K0(x) = -K1(x)
    return (-g * _call_host(_k1_host, x),)


bessel_k0.defvjp(_k0_fwd, _k0_bwd)


def model(theta, r):
    amp, scale = theta["amp"], theta["scale"]
    return amp * bessel_k0(r / scale)


def data_loss(theta, r, obs):
    return jnp.mean((model(theta, r) - obs) ** 2)


def fit(theta, r, obs, steps=15):
    opt = optax.adam(0.05)
    state = opt.init(theta)
    grad_fn = jax.jit(jax.value_and_grad(data_loss))
    for _ in range(steps):
        val, g = grad_fn(theta, r, obs)
        upd, state = opt.update(g, state)
        theta = optax.apply_updates(theta, upd)
    return theta, val


def sensitivity(theta, r):
    # d model / d theta at each radius, forward mode since there are only 2 params
    flat = jnp.stack([theta["amp"], theta["scale"]])

    def as_vector(v):
        return model({"amp": v[0], "scale": v[1]}, r)

    return jax.jacfwd(as_vector)(flat)


if __name__ == "__main__":
    r = jnp.linspace(0.5, 3.0, 12)
    true = {"amp": jnp.float32(2.0), "scale": jnp.float32(0.8)}
    obs = model(true, r)
    theta0 = {"amp": jnp.float32(1.0), "scale": jnp.float32(1.2)}
    theta, last = fit(theta0, r, obs)
    print("fitted", {k: float(v) for k, v in theta.items()}, "loss", float(last))
    J = sensitivity(theta, r)
    print("sensitivity shape", J.shape)
