"""Learned audio codec: quantizers are built from config dicts via classmethod constructors."""
import numpy as np
import jax
import jax.numpy as jnp


class Quantizer:
    kinds = {}

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        Quantizer.kinds[cls.__name__.replace("Quantizer", "").lower()] = cls

    def __init__(self, levels):
        self.levels = levels
        self.quantize = self._build()

    @classmethod
    def from_config(cls, cfg):
        return cls.kinds[cfg["kind"]](cfg.get("levels", 16))

    def _build(self):
        q = jax.custom_vjp(self._forward, nondiff_argnums=(0,))
        q.defvjp(self._fwd, self._bwd)
        return lambda x, scale: q(self.levels, x, scale)

    def _fwd(self, levels, x, scale):
        return self._forward(levels, x, scale), (x, scale)


class UniformQuantizer(Quantizer):
    @staticmethod
    def _forward(levels, x, scale):
        return jnp.round(x / scale * levels) / levels * scale

    def _bwd(self, levels, res, g):
        x, scale = res
        return g, jnp.sum(g * (jnp.round(x / scale * levels) / levels - x / scale))


class MulawQuantizer(Quantizer):
    @staticmethod
    def _forward(levels, x, scale):
        mu = 255.0
        y = jnp.sign(x) * jnp.log1p(mu * jnp.abs(x) / scale) / jnp.log1p(mu)
        return jnp.round(y * levels) / levels

    def _bwd(self, levels, res, g):
        x, scale = res
        mu = 255.0
        dy = mu / (scale * (1 + mu * jnp.abs(x) / scale) * jnp.log1p(mu))
        return levels * 0.0, g * dy, jnp.sum(-g * dy * x / scale)


def codec_loss(quantizer, params, frames):
    enc, dec = params
    z = jnp.tanh(frames @ enc)
    zq = quantizer.quantize(z, jnp.float32(1.0))
    recon = zq @ dec
    return jnp.mean((recon - frames) ** 2)


if __name__ == "__main__":
    cfg = {"kind": "uniform", "levels": 8}
    quantizer = Quantizer.from_config(cfg)
    rng = np.random.default_rng(6)
    frames = jnp.asarray(np.sin(np.linspace(0, 20, 96)).reshape(12, 8) + 0.05 * rng.standard_normal((12, 8)), jnp.float32)
    params = (jnp.asarray(0.3 * rng.standard_normal((8, 3)), jnp.float32),
              jnp.asarray(0.3 * rng.standard_normal((3, 8)), jnp.float32))
    for step in range(15):
        loss, grads = jax.value_and_grad(codec_loss, argnums=1)(quantizer, params, frames)
        params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    print(type(quantizer).__name__, "loss", float(loss))
