from .numpy_impl import *
