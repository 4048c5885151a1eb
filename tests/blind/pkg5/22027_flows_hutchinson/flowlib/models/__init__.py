from .blocks.mlp import ClippedMLP, PlainMLP

_FIELDS = {"clipped_mlp": ClippedMLP, "plain_mlp": PlainMLP}


def make_field(name, dim, key):
    return _FIELDS[name](dim, key)
