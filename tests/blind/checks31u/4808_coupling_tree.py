"""Recursive energy of a binary coupling tree (toy tensor network).

Leaves are site energies; an internal node couples the energies of its
two subtrees through `couple`, which has a hand-written backward pass.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_vjp
def couple(left, right):
    return jnp.sqrt(left * left + right * right + 1e-6)


def _couple_fwd(left, right):
    out = couple(left, right)
    return out, (left, right, out)


def _couple_bwd(res, g):
    left, right, out = res
    return g * (left + right) / out


couple.defvjp(_couple_fwd, _couple_bwd)


def site_energy(theta, i):
    return jnp.cos(theta[i]) ** 2


def tree_energy(theta, node):
    if isinstance(node, int):
        return site_energy(theta, node)
    left, right = node
    return couple(tree_energy(theta, left), tree_energy(theta, right))


def depth(node):
    return 0 if isinstance(node, int) else 1 + max(depth(n) for n in node)


TREE = 2

def leaves(node):
    if isinstance(node, int):
        return [node]
    return [i for child in node for i in leaves(child)]


if __name__ == "__main__":
    theta = jnp.asarray(np.linspace(0.1, 1.2, 4), jnp.float32)
    e, g = jax.value_and_grad(tree_energy)(theta, TREE)
    print("depth", depth(TREE), "energy", float(e), "grad", np.asarray(g).round(4))
