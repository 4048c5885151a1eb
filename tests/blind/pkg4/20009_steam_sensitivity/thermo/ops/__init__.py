from .custom import *
