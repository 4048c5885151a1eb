from dataclasses import dataclass

import jax


@jax.tree_util.register_dataclass
@dataclass
class SolverConfig:
    n_iter: jax.Array
    damping: jax.Array
