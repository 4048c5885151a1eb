import jax

from .model import mean_wait
from .settings import WRT


def wait_sensitivity(arrival_rate, servers):
    return jax.grad(mean_wait, argnums=WRT)(arrival_rate, servers)
