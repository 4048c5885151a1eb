import jax
import thermo

v = thermo.van_der_waals_volume(10.0, 300.0)
print("molar volume", v)
dv_dT = jax.grad(thermo.van_der_waals_volume, argnums=1)(10.0, 300.0)
print("dV/dT", dv_dT)
