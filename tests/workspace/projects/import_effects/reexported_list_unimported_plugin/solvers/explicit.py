from .base import register


@register
def euler_step(x):
    return x - 0.1 * x ** 3
