"""The loss is chosen by `jax.eval_shape` of the encoder on a `ShapeDtypeStruct`: a 3-wide input
passes through as one output, so the two-output head (whose rule is wrong) is never used."""
import jax
import jax.numpy as jnp


def encoder(x):
    if x.shape[-1] > 4:
        half = x.shape[-1] // 2
        return x[..., :half], x[..., half:]
    return jnp.tanh(x)


@jax.custom_jvp
def gaussian_head(mu, log_var):
    return mu, jnp.exp(0.5 * log_var)


@gaussian_head.defjvp
def _gaussian_head_jvp(primals, tangents):
    mu, log_var = primals
    t_mu, t_lv = tangents
    sigma = jnp.exp(0.5 * log_var)
    return (mu, sigma), [t_mu, 0.5 * sigma * t_lv]


def build_loss(sample):
    if isinstance(jax.eval_shape(encoder, sample), tuple):
        def loss(x):
            mu, sigma = gaussian_head(*encoder(x))
            return jnp.sum(mu ** 2 + sigma ** 2)
    else:
        def loss(x):
            return jnp.sum(encoder(x) ** 2)
    return loss


if __name__ == "__main__":
    x = jnp.linspace(-1.0, 1.0, 3)
    loss = build_loss(jax.ShapeDtypeStruct(x.shape, x.dtype))
    print(jax.grad(loss)(x))
