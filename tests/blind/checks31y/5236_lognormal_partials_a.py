import jax
import jax.numpy as jnp


class Differentiable:
    def __init__(self, fn):
        self.fn = fn
        self.partials = {}
        self._custom = None

    def partial(self, index):
        def register(rule):
            self.partials[index] = rule
            self._custom = None
            return rule
        return register

    def _fwd(self, *args):
        return self.fn(*args), args

    def _bwd(self, res, g):
        grads = []
        for i in sorted(self.partials):
            d = g * self.partials[i](*res)
            extra = d.ndim - jnp.ndim(res[i])
            grads.append(jnp.sum(d, axis=tuple(range(extra))) if extra else d)
        return tuple(grads)

    def __call__(self, *args):
        if self._custom is None:
            self._custom = jax.custom_vjp(self.fn)
            self._custom.defvjp(self._fwd, self._bwd)
        return self._custom(*args)


@Differentiable
def log_normal_pdf(x, mu):
    return -0.5 * (jnp.log(x) - mu) ** 2 - jnp.log(x)


@log_normal_pdf.partial(0)
def _d_x(x, mu):
    return -(jnp.log(x) - mu) / x - 1.0 / x


@log_normal_pdf.partial(1)
def _d_mu(x, mu):
    return jnp.log(x) - mu


def neg_log_lik(mu, xs):
    return -jnp.sum(log_normal_pdf(xs, mu))


if __name__ == "__main__":
    xs = jnp.array([0.8, 1.2, 2.5, 1.9], jnp.float32)
    mu = jnp.float32(0.0)
    for _ in range(4):
        mu = mu - 0.1 * jax.grad(neg_log_lik)(mu, xs)
    print("mu", float(mu), "partials", sorted(log_normal_pdf.partials))
