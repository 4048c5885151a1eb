# Models: domain-adversarial training with an equinox model using a gradient-reversal layer (custom_vjp whose fwd calls the layer itself), then a per-feature input-sensitivity analysis with jax.jacfwd.
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def reverse_grad(x, lam):
    return x


def _rev_fwd(x, lam):
    return reverse_grad(x, lam), lam


def _rev_bwd(lam, g):
    return (-lam * g, jnp.zeros_like(lam))


reverse_grad.defvjp(_rev_fwd, _rev_bwd)


class DANN(eqx.Module):
    feature: eqx.nn.MLP
    label_head: eqx.nn.Linear
    domain_head: eqx.nn.Linear

    def __init__(self, key):
        k1, k2, k3 = jax.random.split(key, 3)
        self.feature = eqx.nn.MLP(4, 6, 8, 1, key=k1)
        self.label_head = eqx.nn.Linear(6, 1, key=k2)
        self.domain_head = eqx.nn.Linear(6, 1, key=k3)

    def __call__(self, x, lam=jnp.float32(0.3)):
        z = self.feature(x)
        y_logit = self.label_head(z)[0]
        d_logit = self.domain_head(reverse_grad(z, lam))[0]
        return y_logit, d_logit


@eqx.filter_value_and_grad
def dann_loss(model, x, y, d):
    y_logit, d_logit = jax.vmap(model)(x)
    task = optax.sigmoid_binary_cross_entropy(y_logit, y).mean()
    dom = optax.sigmoid_binary_cross_entropy(d_logit, d).mean()
    return task + dom


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    km, kx = jax.random.split(key)
    x = jax.random.normal(kx, (20, 4))
    y = (x[:, 0] > 0).astype(jnp.float32)
    d = (jnp.arange(20) % 2).astype(jnp.float32)
    model = DANN(km)
    opt = optax.adam(1e-2)
    opt_state = opt.init(eqx.filter(model, eqx.is_array))
    for _ in range(3):
        loss, grads = dann_loss(model, x, y, d)
        updates, opt_state = opt.update(grads, opt_state)
        model = eqx.apply_updates(model, updates)
    print("loss", float(loss))

    def domain_score(inp):
        return model(inp)[1]

    sens = jax.jacfwd(domain_score)(x[0])
    print("domain sensitivity per feature", sens)
