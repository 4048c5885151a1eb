import jax
import jax.numpy as jnp
import numpy as np
from dataclasses import dataclass


@jax.tree_util.register_dataclass
@dataclass
class Params:
    W: jax.Array
    b: jax.Array


def _teacher_logits(W, b, x):
    # stands in for an ONNX runtime session on the host
    return (np.asarray(x) @ np.asarray(W) + np.asarray(b)).astype(np.float32)


def distill_loss(student: Params, teacher: Params, x):
    frozen = jax.lax.stop_gradient(teacher)
    t_logits = jax.pure_callback(_teacher_logits,
                                 jax.ShapeDtypeStruct((x.shape[0], teacher.W.shape[1]), jnp.float32),
                                 frozen.W, frozen.b, jax.lax.stop_gradient(x),
                                 vmap_method="sequential")
    s_logits = x @ student.W + student.b
    return jnp.mean(jnp.sum(jax.nn.softmax(t_logits) * -jax.nn.log_softmax(s_logits), -1))


student = Params(W=jnp.zeros((3, 2)), b=jnp.zeros(2))
teacher = Params(W=jnp.ones((3, 2)) * jnp.array([1.0, -1.0]), b=jnp.array([0.1, 0.0]))
x = jnp.array([[0.2, 0.4, 0.6], [1.0, 0.0, -1.0]])
tangent = jax.tree_util.tree_map(jnp.ones_like, student)
teacher_dir = jax.tree_util.tree_map(jnp.ones_like, teacher)
val, dval = jax.jvp(lambda s, t: distill_loss(s, t, x), (student, teacher), (tangent, teacher_dir))
print(val, dval)
print(jax.grad(distill_loss, argnums=(0, 1))(student, teacher, x)[1].W)
