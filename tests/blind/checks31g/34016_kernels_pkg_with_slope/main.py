import jax

from model import init
from train import fit

if __name__ == "__main__":
    kx, kp = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (32, 3))
    y = x[:, 0] ** 2 - x[:, 1]
    params, loss = fit(init(kp), x, y)
    print("final loss", float(loss))
