"""absl's command-line flags: `flags.DEFINE_integer("grid", 6, ...)` at a module's top level,
then `FLAGS.grid` read in the `main` that `app.run(main)` runs, holds the default unless the
command line sets it (`model.py`, registered by `jax/overlay.py`). It adds no row to the API
tables."""
