import numpy as np
from hostops import HostOp


class SoftClip(HostOp):
    def forward_np(self, x):
        return np.tanh(x).astype(x.dtype)

    def adjoint_np(self, x, g):
        return (g * (1.0 - np.tanh(x) ** 2)).astype(x.dtype)


class CubicDrag(HostOp):
    def forward_np(self, v):
        return (-0.1 * v * np.abs(v) ** 2).astype(v.dtype)

    def adjoint_np(self, v, g):
        return (g * -0.3 * v ** 2).astype(v.dtype)
