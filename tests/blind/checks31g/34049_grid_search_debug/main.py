import jax.numpy as jnp

from search import evaluate_grid
from search.logger import HISTORY

if __name__ == "__main__":
    a = jnp.linspace(-1.0, 2.0, 4)
    b = jnp.linspace(-1.0, 3.0, 5)
    table = evaluate_grid(a, b)
    i, j = divmod(int(jnp.argmin(table)), table.shape[1])
    print("best", float(a[i]), float(b[j]), "logged", len(HISTORY))
