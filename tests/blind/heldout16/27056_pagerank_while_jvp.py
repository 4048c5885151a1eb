"""PageRank by power iteration to tolerance; forward-mode sensitivity w.r.t. the damping factor."""
import jax
import jax.numpy as jnp
from jax import lax

src = jnp.array([0, 0, 1, 2, 2, 3, 4, 4])
dst = jnp.array([1, 2, 2, 0, 3, 4, 0, 3])
N = 5
out_deg = jax.ops.segment_sum(jnp.ones_like(src, dtype=jnp.float32), src, N)


def pagerank(damping, tol=1e-7):
    def propagate(r):
        contrib = r[src] / out_deg[src]
        return (1 - damping) / N + damping * jax.ops.segment_sum(contrib, dst, N)

    def cond(state):
        r, r_prev = state
        return jnp.sum(jnp.abs(r - r_prev)) > tol

    def body(state):
        r, _ = state
        return propagate(r), r

    r0 = jnp.full(N, 1.0 / N)
    return lax.while_loop(cond, body, (propagate(r0), r0))[0]


ranks, dranks = jax.jvp(pagerank, (0.85,), (1.0,))
print(ranks, dranks)
print(jax.jacfwd(pagerank)(0.85))
