"""Fit a Planck curve to a tiny synthetic spectrum."""
import logging
import time
import numpy as np
import jax
import jax.numpy as jnp

log = logging.getLogger("planck")
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

CONFIG = {"n_points": 6, "t_true": 1.4, "t_init": 1.0, "lr": 0.05}


def _host_planck(wl, t):
    wl, t = np.asarray(wl), np.asarray(t)
    return (1.0 / wl ** 5 / np.expm1(1.0 / (wl * t))).astype(np.float32)


def planck(wl, t):
    shape = jax.ShapeDtypeStruct(wl.shape, jnp.float32)
    return jax.pure_callback(_host_planck, shape, wl, t, vmap_method="sequential")


def build(cfg):
    wl = jnp.linspace(0.3, 2.0, cfg["n_points"])
    data = planck(wl, jnp.float32(cfg["t_true"]))

    def loss(t):
        return jnp.mean((planck(wl, t) - data) ** 2)
    return loss


def main(cfg=CONFIG):
    loss = build(cfg)
    t = jnp.float32(cfg["t_init"])
    t0 = time.perf_counter()
    try:
        g = jax.grad(loss)(t)
    except ValueError as err:
        log.error("gradient failed: %s", str(err).splitlines()[0])
        raise
    finally:
        log.info("elapsed %.3fs", time.perf_counter() - t0)
    t = t - cfg["lr"] * g
    log.info("t=%s", t)


if __name__ == "__main__":
    main()
