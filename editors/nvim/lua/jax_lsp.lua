-- jax-lsp for Neovim 0.7-0.10, and fix-on-save for every version from 0.7.
--
--   require('jax_lsp').setup()              -- 0.7-0.10: starts jax-lsp on Python buffers
--                                           -- (0.11+: use lsp/jax_lsp.lua and vim.lsp.enable)
--   require('jax_lsp').fix_on_save()        -- any version: apply jax-lsp's safe fixes on :write
--
-- Add editors/nvim to 'runtimepath' first (see editors/nvim/README.md). Neovim 0.7 has no
-- vim.lsp.start (0.8) and no vim.lsp.enable (0.11): setup() starts one client per project root
-- itself there, with vim.lsp.start_client and vim.lsp.buf_attach_client.

local M = {}

M.markers = { 'pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'Pipfile', '.git' }

local FIX_ALL = 'source.fixAll.jax-lsp'
local is_011 = vim.fn.has('nvim-0.11') == 1

-- The nearest directory above the buffer's file holding one of M.markers, else the file's own.
local function root_dir(bufnr)
  local file = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p')
  local dir = vim.fn.fnamemodify(file, ':h')
  while true do
    for _, marker in ipairs(M.markers) do
      if vim.loop.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return vim.fn.fnamemodify(file, ':h')
    end
    dir = parent
  end
end

--- Start jax-lsp on Python buffers (Neovim 0.7-0.10). `opts`: `cmd` (default
--- { 'jax-lsp', 'serve' }), `settings` (as `[tool.jax-lsp]`), `on_attach`, `capabilities`.
function M.setup(opts)
  opts = opts or {}
  local base = {
    name = 'jax_lsp',
    cmd = opts.cmd or { 'jax-lsp', 'serve' },
    settings = opts.settings,
    on_attach = opts.on_attach,
    capabilities = opts.capabilities,
  }
  local started = {} -- root -> client id (0.7, which has no vim.lsp.start to reuse clients)
  vim.api.nvim_create_autocmd('FileType', {
    group = vim.api.nvim_create_augroup('jax_lsp', { clear = true }),
    pattern = 'python',
    callback = function(args)
      if vim.api.nvim_buf_get_name(args.buf) == '' then
        return
      end
      local root = root_dir(args.buf)
      local config = vim.tbl_extend('force', base, {
        root_dir = root,
        workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
      })
      if vim.lsp.start then -- 0.8+
        vim.lsp.start(config, { bufnr = args.buf })
        return
      end
      local id = started[root]
      if not id or not vim.lsp.get_client_by_id(id) then
        id = vim.lsp.start_client(config)
        started[root] = id
      end
      if id then
        vim.lsp.buf_attach_client(args.buf, id)
      end
    end,
  })
end

local function client_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr, name = 'jax_lsp' })[1]
  end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == 'jax_lsp' then
      return client
    end
  end
end

local function request_sync(client, method, params, timeout_ms, bufnr)
  if is_011 then
    return client:request_sync(method, params, timeout_ms, bufnr)
  end
  return client.request_sync(method, params, timeout_ms, bufnr)
end

--- Apply jax-lsp's safe fixes to the buffer now (`source.fixAll.jax-lsp`: custom rules, never
--- a suppression or an unsafe fix), and run the command that comes with them (the server
--- writes the helper module the fixes import). Synchronous, so that it can run before a write.
function M.fix_all(bufnr, timeout_ms)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  timeout_ms = timeout_ms or 5000
  local client = client_of(bufnr)
  if not client then
    return false
  end
  local start = { line = 0, character = 0 }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = start, ['end'] = start },
    context = { only = { FIX_ALL }, diagnostics = {} },
  }
  local response = request_sync(client, 'textDocument/codeAction', params, timeout_ms, bufnr)
  local applied = false
  for _, action in ipairs((response and response.result) or {}) do
    if action.kind == FIX_ALL then
      if not action.edit then
        local resolved = request_sync(client, 'codeAction/resolve', action, timeout_ms, bufnr)
        action = (resolved and resolved.result) or action
      end
      if action.edit then
        vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
        applied = true
      end
      if action.command then
        request_sync(client, 'workspace/executeCommand', {
          command = action.command.command,
          arguments = action.command.arguments,
        }, timeout_ms, bufnr)
      end
    end
  end
  return applied
end

--- Run M.fix_all before each :write of a Python buffer jax-lsp is attached to.
function M.fix_on_save(timeout_ms)
  vim.api.nvim_create_autocmd('BufWritePre', {
    group = vim.api.nvim_create_augroup('jax_lsp_fix_on_save', { clear = true }),
    pattern = '*.py',
    callback = function(args)
      M.fix_all(args.buf, timeout_ms)
    end,
  })
end

return M
