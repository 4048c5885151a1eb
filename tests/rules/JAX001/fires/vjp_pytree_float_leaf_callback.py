"""jax.vjp of a loss over a pytree with an integer token-id leaf, but the host call reads the
float logits leaf: that leaf's tangent reaches the callback, which has no JVP rule."""
import jax
import jax.numpy as jnp
import numpy as np


def host_temperature(logits):
    z = np.asarray(logits)
    return (z / (1.0 + np.abs(z).max())).astype(np.float32)


def tempered(logits):
    out = jax.ShapeDtypeStruct(logits.shape, jnp.float32)
    return jax.pure_callback(host_temperature, out, logits)  # EXPECT: JAX001


def weighted_nll(batch):
    logp = jax.nn.log_softmax(tempered(batch["logits"]))
    picked = jnp.take_along_axis(logp, batch["ids"][:, None], axis=1)[:, 0]
    return -jnp.mean(picked)


if __name__ == "__main__":
    batch = {
        "ids": jnp.array([0, 3, 1], jnp.int32),
        "logits": jnp.array([[1.0, 0.0, 0.5, 0.2, 0.1]] * 3, jnp.float32),
    }
    loss, pull = jax.vjp(weighted_nll, batch)
    (ct,) = pull(jnp.float32(1.0))
    print(loss, ct["logits"])
