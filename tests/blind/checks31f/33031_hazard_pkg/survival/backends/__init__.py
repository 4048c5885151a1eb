from . import numpy_impl
