"""Air-density lookup from a host-side standard-atmosphere table, used in a drag model."""
import numpy as np
import jax
import jax.numpy as jnp

# ISA layers: altitude [m], temperature [K], pressure [Pa]
_ALT = np.array([0.0, 2000.0, 4000.0, 6000.0, 8000.0, 10000.0, 11000.0])
_TEMP = np.array([288.15, 275.15, 262.17, 249.19, 236.22, 223.25, 216.65])
_PRES = np.array([101325.0, 79495.0, 61640.0, 47181.0, 35600.0, 26436.0, 22632.0])

_CALLBACK_OPTIONS = {}


def enable_legacy_batching(flag=True):
    global _CALLBACK_OPTIONS
    _CALLBACK_OPTIONS = dict(_CALLBACK_OPTIONS, vectorized=flag)


def _density_host(h):
    h = np.asarray(h, dtype=np.float64)
    t = np.interp(h, _ALT, _TEMP)
    p = np.exp(np.interp(h, _ALT, np.log(_PRES)))
    return (p / (287.05 * t)).astype(np.float32)


def air_density(h):
    return jax.pure_callback(_density_host, jax.ShapeDtypeStruct(h.shape, jnp.float32), h,
                             **_CALLBACK_OPTIONS)


@jax.jit
def drag_force(h, v, cd_area=0.35):
    rho = air_density(h)
    return 0.5 * rho * v ** 2 * cd_area


def trajectory(h0, v0, dt=1.0, n=6):
    hs, vs = [h0], [v0]
    for _ in range(n):
        f = drag_force(jnp.asarray([hs[-1]], jnp.float32), jnp.asarray([vs[-1]], jnp.float32))
        vs.append(vs[-1] - float(f[0]) / 80.0 * dt - 9.81 * dt)
        hs.append(hs[-1] + vs[-1] * dt)
    return hs, vs


def speed_of_sound(t_kelvin):
    return np.sqrt(1.4 * 287.05 * t_kelvin)


def mach_number(h, v):
    return abs(v) / speed_of_sound(np.interp(h, _ALT, _TEMP))


def layer_of(h):
    idx = int(np.searchsorted(_ALT, h, side="right")) - 1
    return max(0, min(idx, len(_ALT) - 2))


if __name__ == "__main__":
    hs, vs = trajectory(9000.0, 20.0)
    enable_legacy_batching()
    for i, (h, v) in enumerate(zip(hs, vs)):
        print(f"t={i:2d}s  h={h:8.1f} m  v={v:7.2f} m/s")
