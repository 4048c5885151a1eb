# Models: a numerically-audited softplus: a custom_jvp activation whose JVP rule reports the range of its primal inputs to a host audit log via io_callback (on primals only), used in an MLP trained with value_and_grad.
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental import io_callback

AUDIT = []


def _audit(lo, hi):
    AUDIT.append((float(lo), float(hi)))
    return np.int32(len(AUDIT))


@jax.custom_jvp
def audited_softplus(x):
    return jnp.logaddexp(x, 0.0)


@audited_softplus.defjvp
def _audited_softplus_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    io_callback(_audit, jax.ShapeDtypeStruct((), jnp.int32), jnp.min(x), jnp.max(x))
    y = jnp.logaddexp(x, 0.0)
    return y, jax.nn.sigmoid(x) * x_dot


def init_layers(key, dims):
    ks = jax.random.split(key, len(dims) - 1)
    return [{"w": jax.random.normal(k, (i, o)) / jnp.sqrt(i), "b": jnp.zeros(o)}
            for k, i, o in zip(ks, dims[:-1], dims[1:])]


def mlp(layers, x):
    for layer in layers[:-1]:
        x = audited_softplus(x @ layer["w"] + layer["b"])
    return x @ layers[-1]["w"] + layers[-1]["b"]


def loss(layers, x, y):
    out = mlp(layers, x)[:, 0]
    return jnp.mean((out - y) ** 2)


def main():
    key = jax.random.PRNGKey(33)
    k_l, k_x = jax.random.split(key)
    layers = init_layers(k_l, [2, 8, 8, 1])
    x = jax.random.normal(k_x, (20, 2))
    y = jnp.exp(-jnp.sum(x ** 2, axis=1))
    tx = optax.adam(1e-2)
    opt_state = tx.init(layers)
    step = jax.jit(jax.value_and_grad(loss))
    for epoch in range(4):
        val, grads = step(layers, x, y)
        updates, opt_state = tx.update(grads, opt_state)
        layers = optax.apply_updates(layers, updates)
        print("epoch", epoch, float(val))
    jax.effects_barrier()
    print("audit entries", len(AUDIT))


if __name__ == "__main__":
    main()
