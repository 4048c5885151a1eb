from .fd.second import laplacian

_REG = {"laplacian": laplacian}


def get(name):
    return _REG[name]
