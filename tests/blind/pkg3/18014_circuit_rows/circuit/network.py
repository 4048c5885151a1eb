import jax.numpy as jnp

from .implicit import linear_solve

EDGES = [(0, 1), (1, 2), (2, 3), (0, 2), (1, 3)]
N_NODES = 4


def conductance_matrix(g):
    G = jnp.zeros((N_NODES, N_NODES))
    for k, (i, j) in enumerate(EDGES):
        G = G.at[i, i].add(g[k]).at[j, j].add(g[k])
        G = G.at[i, j].add(-g[k]).at[j, i].add(-g[k])
    # ground node 3 through a leak
    return G + 0.01 * jnp.eye(N_NODES)


def node_voltages(g, injected):
    return linear_solve(conductance_matrix(g), injected)
