from bridge import host_normal, host_normal_like


def perturb(x, scale):
    # one draw of the event shape, shared by every mapped row
    return x + scale * host_normal(x.shape, x.dtype)
