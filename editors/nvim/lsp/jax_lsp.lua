-- jax-lsp for Neovim 0.11+: add editors/nvim to 'runtimepath' (or install it with a plugin
-- manager), then `vim.lsp.enable('jax_lsp')`. See editors/nvim/README.md.
--
-- jax-lsp finds JAX host callbacks (jax.pure_callback, io_callback, ...) reached by automatic
-- differentiation, explains the error JAX would raise on hover, and fixes it with code actions.
-- It only adds JAX checks: run it beside your usual Python server (pyright, basedpyright, ...).

---@type vim.lsp.Config
return {
  -- installing the server (docs/editors.md) puts `jax-lsp` on PATH; for a project venv, override with e.g.
  -- vim.lsp.config('jax_lsp', { cmd = { '/path/to/venv/bin/python', '-m', 'jax_lsp', 'serve' } })
  cmd = { 'jax-lsp', 'serve' },
  filetypes = { 'python' },
  root_markers = {
    'pyproject.toml',
    'setup.py',
    'setup.cfg',
    'requirements.txt',
    'Pipfile',
    '.git',
  },
  -- Optional: server settings (they override `[tool.jax-lsp]` in pyproject.toml), e.g.
  -- settings = { ['jax-lsp'] = { select = { 'JAX' }, ignore = { 'JAX004' } } },
}
