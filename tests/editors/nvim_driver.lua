-- Drives a real headless Neovim 0.11 through jax-lsp, as a user would: open a Python file, wait
-- for jax-lsp's diagnostics, show the hover on the finding, apply the preferred code action, wait
-- for the diagnostics to update. Writes what the editor showed to a JSON file for the pytest side.
--
-- nvim --clean --headless -l nvim_driver.lua OUT.json FILE EDITORS_NVIM_DIR [CMD...]
-- CMD, when given, replaces the shipped config's `cmd` (`jax-lsp serve`).
--
-- Also: whether diagnostic virtual text shows by default and with the README's settings, and,
-- when JAX_LSP_NVIM_OFFERS names a second file, every fix offered there, resolved and applied
-- (then undone) to see that it changes the code.

local out_path, file, rtp_dir = arg[1], arg[2], arg[3]
local cmd_override = {}
for i = 4, #arg do
  table.insert(cmd_override, arg[i])
end

local result = { steps = {}, ok = false }

local function step(name, value)
  table.insert(result.steps, name)
  result[name] = value
end

local function write_result()
  local f = assert(io.open(out_path, 'w'))
  f:write(vim.json.encode(result))
  f:close()
end

local WAIT_MS = tonumber(os.getenv('JAX_LSP_NVIM_WAIT_MS') or '30000')

local function wait_for(what, predicate)
  local ok = vim.wait(WAIT_MS, predicate, 20)
  if not ok then
    error('timed out waiting for ' .. what, 0)
  end
end

local function jax_diagnostics(buf)
  return vim.tbl_filter(function(d)
    return d.source == 'jax-lsp'
  end, vim.diagnostic.get(buf))
end

local function floating_windows()
  local wins = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      table.insert(wins, win)
    end
  end
  return wins
end

-- The diagnostic virtual text (or lines) Neovim draws on a line, as one string; nil if none.
local function virtual_on(buf, lnum, field)
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(buf, -1, { lnum, 0 }, { lnum, -1 },
    { details = true })) do
    local chunks = mark[4][field]
    if chunks and #chunks > 0 then
      local text = {}
      for _, chunk in ipairs(field == 'virt_lines' and vim.iter(chunks):flatten(1):totable() or chunks) do
        table.insert(text, chunk[1])
      end
      return table.concat(text)
    end
  end
  return nil
end

local function virtual_text_on(buf, lnum)
  return virtual_on(buf, lnum, 'virt_text')
end

local function virtual_lines_on(buf, lnum)
  -- anchored on the diagnostic's line, drawn below it
  return virtual_on(buf, lnum, 'virt_lines')
end

-- Every quickfix offered for jax-lsp's first finding in `path`: listed and resolved titles,
-- whether it is preferred, and whether applying it changes the buffer (it is then undone).
local function offers(path)
  vim.cmd.edit(vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  wait_for('jax-lsp diagnostics in ' .. path, function()
    return #jax_diagnostics(buf) > 0
  end)
  local client = vim.lsp.get_clients({ bufnr = buf, name = 'jax_lsp' })[1]
  local first = jax_diagnostics(buf)[1]
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  local hover = client:request_sync('textDocument/hover',
    vim.lsp.util.make_position_params(0, client.offset_encoding), WAIT_MS, buf)
  local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
  params.context = {
    diagnostics = vim.lsp.diagnostic.from(vim.diagnostic.get(buf, { lnum = first.lnum })),
    only = { 'quickfix' },
  }
  local response = client:request_sync('textDocument/codeAction', params, WAIT_MS, buf)
  local out = { message = first.message, hover = hover and hover.result and hover.result.contents.value,
                actions = {} }
  -- resolve them all first: an edit (even undone) makes the others stale (ContentModified)
  local listed, resolved = (response and response.result) or {}, {}
  for i, action in ipairs(listed) do
    resolved[i] = action.edit and action
      or client:request_sync('codeAction/resolve', action, WAIT_MS, buf).result
  end
  for i, action in ipairs(listed) do
    local done = resolved[i]
    local before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    vim.lsp.util.apply_workspace_edit(done.edit, client.offset_encoding)
    local after = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, before)
    table.insert(out.actions, {
      title = action.title,
      resolved_title = done.title,
      isPreferred = action.isPreferred == true,
      changes_code = not vim.deep_equal(before, after),
    })
  end
  return out
end

local function run()
  vim.opt.runtimepath:prepend(rtp_dir)
  vim.cmd('filetype on')
  if #cmd_override > 0 then
    vim.lsp.config('jax_lsp', { cmd = cmd_override })
  end
  vim.lsp.enable('jax_lsp')
  step('config_cmd', vim.lsp.config.jax_lsp.cmd)

  local started = vim.uv.hrtime()
  vim.cmd.edit(vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  step('filetype', vim.bo[buf].filetype)

  wait_for('jax_lsp to attach', function()
    return #vim.lsp.get_clients({ bufnr = buf, name = 'jax_lsp' }) > 0
  end)
  local client = vim.lsp.get_clients({ bufnr = buf, name = 'jax_lsp' })[1]
  step('client', {
    name = client.name,
    root_dir = client.root_dir,
    offset_encoding = client.offset_encoding,
    pull_diagnostics = client.server_capabilities.diagnosticProvider ~= nil,
  })

  -- 1. Diagnostics, as vim.diagnostic holds them (what `]d`, signs and virtual text show).
  wait_for('jax-lsp diagnostics', function()
    return #jax_diagnostics(buf) > 0
  end)
  local diags = jax_diagnostics(buf)
  local first = diags[1]
  step('diagnostics', vim.tbl_map(function(d)
    return {
      lnum = d.lnum,
      col = d.col,
      end_col = d.end_col,
      code = d.code,
      severity = vim.diagnostic.severity[d.severity],
      message = d.message,
      line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1],
    }
  end, diags))
  step('seconds_to_diagnostics', (vim.uv.hrtime() - started) / 1e9)

  -- 1b. Virtual text: none by default in 0.11; the README's settings show the message.
  step('virtual_text_default', vim.diagnostic.config().virtual_text or false)
  step('virtual_text_shown_by_default', virtual_text_on(buf, first.lnum))
  vim.diagnostic.config({ virtual_text = true })
  step('virtual_text_after_config', vim.wait(WAIT_MS, function()
    return virtual_text_on(buf, first.lnum) ~= nil
  end, 20) and virtual_text_on(buf, first.lnum) or false)
  vim.diagnostic.config({ virtual_text = false, virtual_lines = { current_line = true } })
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  vim.api.nvim_exec_autocmds('CursorMoved', { buffer = buf })
  step('virtual_lines_on_current_line', vim.wait(WAIT_MS, function()
    return virtual_lines_on(buf, first.lnum) ~= nil
  end, 20) and virtual_lines_on(buf, first.lnum) or false)
  vim.diagnostic.config({ virtual_text = false, virtual_lines = false })

  -- 2. Hover on the finding: the floating window that K (vim.lsp.buf.hover) opens.
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  vim.lsp.buf.hover()
  wait_for('the hover window', function()
    for _, win in ipairs(floating_windows()) do
      local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
      if #lines > 0 and table.concat(lines, '\n') ~= '' then
        return true
      end
    end
    return false
  end)
  local hover_lines = {}
  for _, win in ipairs(floating_windows()) do
    vim.list_extend(hover_lines, vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false))
    vim.api.nvim_win_close(win, true)
  end
  step('hover', hover_lines)

  -- 3. Code actions offered at the finding (listed for the report), then the preferred one
  --    applied through vim.lsp.buf.code_action, as a user's mapping would.
  local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
  params.context = {
    diagnostics = vim.lsp.diagnostic.from(vim.diagnostic.get(buf, { lnum = first.lnum })),
    only = { 'quickfix' },
  }
  local response = client:request_sync('textDocument/codeAction', params, WAIT_MS, buf)
  local offered = {}
  for _, action in ipairs((response and response.result) or {}) do
    table.insert(offered, { title = action.title, kind = action.kind, isPreferred = action.isPreferred == true })
  end
  step('code_actions', offered)

  vim.ui.select = function(items)
    error('vim.ui.select was asked to choose among ' .. #items .. ' actions', 0)
  end
  local before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local tick = vim.api.nvim_buf_get_changedtick(buf)
  local applied_title
  vim.lsp.buf.code_action({
    context = { only = { 'quickfix' } },
    filter = function(action)
      if action.isPreferred then
        applied_title = action.title
        return true
      end
      return false
    end,
    apply = true,
  })
  wait_for('the preferred code action to edit the buffer', function()
    return vim.api.nvim_buf_get_changedtick(buf) ~= tick
  end)
  step('applied', applied_title)

  -- 4. The diagnostics after the edit: wait until jax-lsp's finding is gone.
  local gone = vim.wait(WAIT_MS, function()
    return #jax_diagnostics(buf) == 0
  end, 20)
  local after = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  step('before', before)
  step('after', after)
  step('diagnostics_after', vim.tbl_map(function(d)
    return { lnum = d.lnum, code = d.code, message = d.message }
  end, jax_diagnostics(buf)))
  step('diagnostic_gone', gone)
  step('seconds_total', (vim.uv.hrtime() - started) / 1e9)

  -- 5. The fixes offered in a second program.
  local more = os.getenv('JAX_LSP_NVIM_OFFERS')
  if more then
    step('offers', offers(more))
  end
  result.ok = true
end

local ok, err = xpcall(run, debug.traceback)
if not ok then
  result.error = tostring(err)
end
pcall(function()
  for _, c in ipairs(vim.lsp.get_clients()) do
    c:stop(true)
  end
end)
write_result()
vim.cmd('qall!')
