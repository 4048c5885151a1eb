# Leave batching behaviour to the library default.
VECTORISE = None
