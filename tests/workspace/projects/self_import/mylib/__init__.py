from mylib import _more

from . import _impl

host_norm = _impl.host_norm
host_scale = _more.host_scale
