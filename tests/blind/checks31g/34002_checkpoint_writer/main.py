import jax

import persistence as ps
from experiment import run_seed

if __name__ == "__main__":
    keys = jax.random.split(jax.random.key(0), 3)
    final_w = jax.jit(jax.vmap(run_seed))(keys)
    print(final_w)
    print(len(ps.STORE), "snapshots")
