"""Asyncio service evaluating gradients of a softmax-with-entropy layer built from lambda factories."""
import asyncio

import jax
import jax.numpy as jnp

make_entropy_softmax = lambda temperature: (
    lambda logits: (jax.nn.softmax(logits / temperature),
                    -jnp.sum(jax.nn.softmax(logits / temperature) * jax.nn.log_softmax(logits / temperature)))
)

make_rule = lambda temperature: (
    lambda primals, tangents: (
        lambda p, h, dz: (
            (p, h),
            (p * (dz - jnp.sum(p * dz)),
             -jnp.sum(p * (dz - jnp.sum(p * dz)) * (jnp.log(p) + 1.0))),
        )
    )(*make_entropy_softmax(temperature)(primals[0]), tangents[0] / temperature)
)


def build_layer(temperature):
    layer = jax.custom_jvp(make_entropy_softmax(temperature))
    layer.defjvp(make_rule(temperature))
    return layer


def policy_loss(logits, advantages, layer, ent_coef=0.01):
    probs, entropy = layer(logits)
    return -jnp.sum(probs * advantages) - ent_coef * entropy


async def evaluate(batch, layer):
    grad_fn = jax.jit(jax.grad(policy_loss), static_argnums=(2,))
    tasks = [asyncio.to_thread(grad_fn, logits, adv, layer) for logits, adv in batch]
    return await asyncio.gather(*tasks)


async def main():
    layer = build_layer(0.5)
    batch = [(jnp.array([0.1, 0.5, -0.3]), jnp.array([1.0, -0.5, 0.2])),
             (jnp.array([1.0, 0.0, 0.0]), jnp.array([0.0, 1.0, 0.0]))]
    grads = await evaluate(batch, layer)
    for g in grads:
        print(g.round(4))


def timed(label):
    """Decorator factory that records wall time per call into TIMINGS."""
    import time

    def deco(fn):
        def inner(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                TIMINGS.setdefault(label, []).append(time.perf_counter() - t0)
        return inner
    return deco


TIMINGS = {}


def chunked(seq, size):
    """Yield successive slices of a sequence (used to size executor batches)."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def first_error(results):
    for item in results:
        if isinstance(item, BaseException):
            return item
    return None


if __name__ == "__main__":
    asyncio.run(main())
