"""A bwd loops over a dict of partial derivatives its decorators fill: one argument's partial
was never registered, so the bwd returns one cotangent for two arguments."""
import jax
import jax.numpy as jnp


class WithPartials:
    def __init__(self, fn):
        self.fn = fn
        self.partials = {}

    def partial(self, index):
        def register(rule):
            self.partials[index] = rule
            return rule
        return register

    def build(self):
        f = jax.custom_vjp(self.fn)
        f.defvjp(self.fwd, self.bwd)
        return f

    def fwd(self, *args):
        return self.fn(*args), args

    def bwd(self, res, g):  # EXPECT: JAX014
        out = []
        for i in self.partials:
            out.append(g * self.partials[i](*res))
        return tuple(out)


scaled = WithPartials(lambda x, s: s * jnp.sin(x))


@scaled.partial(0)
def _d_x(x, s):
    return s * jnp.cos(x)


if __name__ == "__main__":
    f = scaled.build()
    print(jax.grad(f)(jnp.float32(0.5), jnp.float32(2.0)))
