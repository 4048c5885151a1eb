"""Robust regression with a Cauchy loss; the backward rule can be swapped for a cheaper one."""
import jax
import jax.numpy as jnp


def cauchy(r, c):
    return c ** 2 / 2 * jnp.log1p((r / c) ** 2)


def _fwd(r, c):
    return cauchy(r, c), (r, c)


def _bwd_full(res, g):
    r, c = res
    dr = r / (1 + (r / c) ** 2)
    dc = c * jnp.log1p((r / c) ** 2) - r ** 2 / (c * (1 + (r / c) ** 2))
    return g * dr, jnp.sum(g * dc)


def _bwd_residual_only(res, g):
    r, c = res
    return g * r / (1 + (r / c) ** 2)


def prefer_cheap_backward(rule_pair):
    rule_pair[1] = _bwd_residual_only
    return rule_pair


robust_loss = jax.custom_vjp(cauchy)
rules = [_fwd, _bwd_full]
cheap_rules = prefer_cheap_backward(rules[:])
robust_loss.defvjp(*rules)


def fit_loss(theta, x, y, c=1.0):
    pred = theta[0] + theta[1] * x
    return jnp.mean(robust_loss(pred - y, c))


def l2_regularizer(tree, scale=1e-4):
    leaves = jax.tree_util.tree_leaves(tree)
    return scale * sum(jnp.sum(jnp.square(leaf)) for leaf in leaves)


def count_parameters(tree):
    return sum(int(jnp.size(leaf)) for leaf in jax.tree_util.tree_leaves(tree))


def check_finite(tree):
    return all(bool(jnp.all(jnp.isfinite(leaf))) for leaf in jax.tree_util.tree_leaves(tree))


if __name__ == "__main__":
    x = jnp.linspace(0.0, 4.0, 9)
    y = 1.0 + 0.5 * x + jnp.array([0, 0, 3.0, 0, 0, -2.0, 0, 0, 0])
    theta = jnp.zeros(2)
    for _ in range(5):
        theta = theta - 0.2 * jax.grad(fit_loss)(theta, x, y)
    print(theta, len(cheap_rules))
