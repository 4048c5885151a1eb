"""Geodesic distances on the sphere; the backward rule is picked by the MRO of the metric class."""
import numpy as np
import jax
import jax.numpy as jnp


class Metric:
    def distance(self, a, b):
        raise NotImplementedError

    def make_rule(self):
        def rule(primals, tangents):
            a, b = primals
            da, db = tangents
            d, (ga, gb) = jax.value_and_grad(self.distance, argnums=(0, 1))(a, b)
            return d, ga @ da + gb @ db
        return rule

    def op(self):
        f = jax.custom_jvp(self.distance)
        f.defjvp(self.make_rule())
        return f


class Stabilised(Metric):
    def make_rule(self):
        base = super().make_rule()

        def rule(packed):
            (a, b), tangents = packed
            eps = 1e-7
            return base((a + eps, b), tangents)
        return rule


class Cached(Metric):
    def make_rule(self):
        def rule(primals, tangents):
            a, b = primals
            da, db = tangents
            na, nb = jnp.linalg.norm(a), jnp.linalg.norm(b)
            ua, ub = a / na, b / nb
            c = jnp.clip(ua @ ub, -1.0 + 1e-6, 1.0 - 1e-6)
            k = -1.0 / jnp.sqrt(1.0 - c ** 2)
            ga = k * (ub - c * ua) / na
            gb = k * (ua - c * ub) / nb
            return jnp.arccos(c), ga @ da + gb @ db
        return rule


class GreatCircle(Stabilised, Cached):
    def distance(self, a, b):
        a = a / jnp.linalg.norm(a)
        b = b / jnp.linalg.norm(b)
        return jnp.arccos(jnp.clip(a @ b, -1.0 + 1e-6, 1.0 - 1e-6))


def karcher_mean(points, metric, steps=30, lr=0.2):
    dist = metric.op()
    m = points.mean(0)

    def spread(m):
        return jnp.sum(jax.vmap(lambda p: dist(m, p) ** 2)(points))

    for _ in range(steps):
        m = m - lr * jax.grad(spread)(m)
        m = m / jnp.linalg.norm(m)
    return m, spread(m)


if __name__ == "__main__":
    print("MRO:", [c.__name__ for c in GreatCircle.__mro__])
    rng = np.random.default_rng(4)
    pts = rng.standard_normal((6, 3)) * 0.2 + np.array([0.0, 0.0, 1.0])
    pts = jnp.asarray(pts / np.linalg.norm(pts, axis=1, keepdims=True), jnp.float32)
    m, s = karcher_mean(pts, GreatCircle())
    print("Karcher mean:", np.round(np.asarray(m), 4), "spread", float(s))
