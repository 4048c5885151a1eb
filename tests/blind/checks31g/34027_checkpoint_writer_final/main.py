import jax

import persistence as ps
from experiment import run_seed


@jax.jit
def train_and_save(keys):
    final_w = jax.vmap(run_seed)(keys)
    # one snapshot of all seeds, written after the mapped computation
    n = ps.save_snapshot(0, final_w)
    return final_w, n


if __name__ == "__main__":
    keys = jax.random.split(jax.random.key(0), 3)
    final_w, n = train_and_save(keys)
    print(final_w)
    print(int(n), "snapshots")
