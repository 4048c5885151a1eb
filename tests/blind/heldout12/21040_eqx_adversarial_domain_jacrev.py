# Models: an equinox domain-adaptation network with a gradient-reversal custom_vjp (fwd calls the primitive itself); input attributions of the domain classifier are computed in reverse mode with jax.jacrev.
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def flip_gradient(features, scale):
    return features


def flip_gradient_fwd(features, scale):
    return flip_gradient(features, scale), scale


def flip_gradient_bwd(scale, cotangent):
    return -scale * cotangent, jnp.zeros_like(scale)


flip_gradient.defvjp(flip_gradient_fwd, flip_gradient_bwd)


class Encoder(eqx.Module):
    layers: list

    def __init__(self, key, sizes=(3, 8, 5)):
        keys = jax.random.split(key, len(sizes) - 1)
        self.layers = [eqx.nn.Linear(a, b, key=k) for a, b, k in zip(sizes[:-1], sizes[1:], keys)]

    def __call__(self, x):
        for lyr in self.layers:
            x = jax.nn.relu(lyr(x))
        return x


class Adapter(eqx.Module):
    enc: Encoder
    clf: eqx.nn.Linear
    disc: eqx.nn.Linear
    scale: float = eqx.field(static=True, default=0.5)

    def __init__(self, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.enc = Encoder(k1)
        self.clf = eqx.nn.Linear(5, 2, key=k2)
        self.disc = eqx.nn.Linear(5, "scalar", key=k3)

    def discriminate(self, x):
        return self.disc(flip_gradient(self.enc(x), jnp.float32(self.scale)))

    def classify(self, x):
        return self.clf(self.enc(x))


def total_loss(model, xs, labels, domains):
    cls = jax.vmap(model.classify)(xs)
    dsc = jax.vmap(model.discriminate)(xs)
    l_cls = optax.softmax_cross_entropy_with_integer_labels(cls, labels).mean()
    l_dom = optax.sigmoid_binary_cross_entropy(dsc, domains).mean()
    return l_cls + l_dom


if __name__ == "__main__":
    key = jax.random.PRNGKey(7)
    kmod, kdat = jax.random.split(key)
    xs = jax.random.normal(kdat, (16, 3))
    labels = (xs[:, 1] > 0).astype(jnp.int32)
    domains = (xs[:, 2] > 0.5).astype(jnp.float32)
    model = Adapter(kmod)
    tx = optax.sgd(0.05)
    st = tx.init(eqx.filter(model, eqx.is_inexact_array))
    step = eqx.filter_jit(eqx.filter_value_and_grad(total_loss))
    for _ in range(4):
        val, grads = step(model, xs, labels, domains)
        upd, st = tx.update(grads, st)
        model = eqx.apply_updates(model, upd)
    print("loss", float(val))
    attributions = jax.jacrev(model.discriminate)(xs[0])
    print("attributions", attributions)
