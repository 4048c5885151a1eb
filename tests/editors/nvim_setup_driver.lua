-- Drives a real headless Neovim (0.7 and later) through editors/nvim/lua/jax_lsp.lua, as its
-- README tells a user of Neovim 0.7-0.10 to set it up: require('jax_lsp').setup() and
-- fix_on_save(). Opens a Python file, waits for jax-lsp's diagnostic, asks for the hover, writes
-- the buffer (the safe fixes apply before the write), waits for the diagnostic to go away.
--
-- nvim --clean --headless -c 'luafile nvim_setup_driver.lua', with its arguments in the
-- environment (0.7 has no `-l`): JAX_LSP_NVIM_OUT (the JSON written), JAX_LSP_NVIM_FILE,
-- JAX_LSP_NVIM_RTP (editors/nvim), JAX_LSP_NVIM_CMD (the server's command, tab-separated).

local result = { steps = {}, ok = false }
local WAIT_MS = 60000

local function step(name, value)
  table.insert(result.steps, name)
  result[name] = value
end

local function wait_for(what, predicate)
  if not vim.wait(WAIT_MS, predicate, 20) then
    error('timed out waiting for ' .. what, 0)
  end
end

local function jax_diagnostics(buf)
  return vim.tbl_filter(function(d)
    return d.source == 'jax-lsp'
  end, vim.diagnostic.get(buf))
end

local function run()
  step('version', tostring(vim.version().major) .. '.' .. vim.version().minor .. '.'
    .. vim.version().patch)
  vim.opt.runtimepath:prepend(os.getenv('JAX_LSP_NVIM_RTP'))
  local cmd = vim.split(os.getenv('JAX_LSP_NVIM_CMD'), '\t')
  local jax_lsp = require('jax_lsp')
  jax_lsp.setup({ cmd = cmd })
  jax_lsp.fix_on_save()
  vim.cmd('filetype on')
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('JAX_LSP_NVIM_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  wait_for('jax-lsp diagnostics', function()
    return #jax_diagnostics(buf) > 0
  end)
  local first = jax_diagnostics(buf)[1]
  step('diagnostics', vim.tbl_map(function(d)
    return { lnum = d.lnum, col = d.col, code = d.code,
             line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1] }
  end, jax_diagnostics(buf)))
  local client
  for _, c in pairs(vim.lsp.buf_get_clients and vim.lsp.buf_get_clients(buf) or vim.lsp.get_clients({ bufnr = buf })) do
    if c.name == 'jax_lsp' then
      client = c
    end
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = first.lnum, character = first.col },
  }
  local hover
  if vim.fn.has('nvim-0.11') == 1 then
    hover = client:request_sync('textDocument/hover', params, WAIT_MS, buf)
  else
    hover = client.request_sync('textDocument/hover', params, WAIT_MS, buf)
  end
  step('hover', hover and hover.result and hover.result.contents.value)
  local before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  vim.cmd('write')
  step('after', vim.api.nvim_buf_get_lines(buf, 0, -1, false))
  step('added_lines', #vim.api.nvim_buf_get_lines(buf, 0, -1, false) - #before)
  step('modified_after_write', vim.bo[buf].modified)
  wait_for('the diagnostic to go away', function()
    return #jax_diagnostics(buf) == 0
  end)
  step('diagnostic_gone', true)
  result.ok = true
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  result.error = tostring(err)
end
pcall(function()
  vim.lsp.stop_client(vim.lsp.get_active_clients(), true)
end)
local f = assert(io.open(os.getenv('JAX_LSP_NVIM_OUT'), 'w'))
f:write(vim.fn.json_encode(result))
f:close()
vim.cmd('qall!')
