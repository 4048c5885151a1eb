from bridge import host_normal, host_normal_like


def perturb(x, scale):
    return x + scale * host_normal_like(x)
