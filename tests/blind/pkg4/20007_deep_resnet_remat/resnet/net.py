import jax
import equinox as eqx

from .blocks import ResBlock


class ResNet(eqx.Module):
    blocks: list

    def __call__(self, x):
        for blk in self.blocks:
            x = blk(x)
        return x


def build_model(key, width, depth):
    keys = jax.random.split(key, depth)
    return ResNet([ResBlock(width, k) for k in keys])
