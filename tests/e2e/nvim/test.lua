-- End-to-end test of rigls in a real, headless Neovim 0.11, through the project's own
-- editors/nvim (ftdetect + lsp/rigls.lua). Run by tests/e2e/nvim/run.sh, which sets:
--   RIGLS_REPO       the repository root (editors/nvim is taken from there)
--   RIGLS_BIN        the rigls binary under test
--   RIGLS_WORKSPACE  a scratch copy of tests/e2e/fixtures (the test edits buffers, never the repo)
-- Prints one `ok`/`not ok` line per check and a closing `N passed, N failed`; exits 1 on any
-- failure (2 when the watchdog ends a hung run).

local repo = assert(os.getenv('RIGLS_REPO'), 'RIGLS_REPO is not set')
local bin = assert(os.getenv('RIGLS_BIN'), 'RIGLS_BIN is not set')
local ws = assert(os.getenv('RIGLS_WORKSPACE'), 'RIGLS_WORKSPACE is not set')
local TIMEOUT = tonumber(os.getenv('RIGLS_E2E_WAIT_MS') or '') or 10000

-- Headless Neovim prints notifications without a newline: keep them on lines of their own.
vim.notify = function(msg, level)
  local name = 'INFO'
  for k, v in pairs(vim.log.levels) do
    if v == level then
      name = k
    end
  end
  io.stdout:write(string.format('# notify (%s): %s\n', name, msg))
end

vim.opt.runtimepath:prepend(repo .. '/editors/nvim')
-- Only the binary is the test's own: filetypes, root markers and settings come from lsp/rigls.lua.
local exits = {} -- exit codes of rigls processes, so a dead server fails fast
vim.lsp.config('rigls', {
  cmd = { bin, '--stdio' },
  on_exit = function(code, signal)
    exits[#exits + 1] = string.format('exit code %d, signal %d', code, signal)
  end,
})
vim.lsp.enable('rigls')

local passed, failed = 0, 0
local function out(line)
  io.stdout:write(line, '\n')
  io.stdout:flush()
end

--- Runs one named check; `fn` raises (with `error`) to fail.
local function check(name, fn)
  local ok, err = xpcall(fn, debug.traceback)
  if ok then
    passed = passed + 1
    out('ok - ' .. name)
  else
    failed = failed + 1
    out('not ok - ' .. name)
    for l in tostring(err):gmatch('[^\n]+') do
      if l:match('^stack traceback') then
        break
      end
      out('#   ' .. l)
    end
  end
end

local function fail(fmt, ...)
  error(string.format(fmt, ...), 0)
end

local function eq(what, actual, expected)
  if not vim.deep_equal(actual, expected) then
    fail('%s:\n    expected %s\n    got      %s', what, vim.inspect(expected), vim.inspect(actual))
  end
end

local exits_before = {} -- buffer -> #exits when it was opened
local function open(name)
  local before = #exits
  vim.cmd.edit(vim.fn.fnameescape(ws .. '/' .. name))
  local buf = vim.api.nvim_get_current_buf()
  exits_before[buf] = before
  return buf
end

local function rigls_client(buf)
  return vim.lsp.get_clients({ bufnr = buf, name = 'rigls' })[1]
end

local function wait_client(buf)
  local seen_exits = exits_before[buf] or #exits
  if not vim.wait(TIMEOUT, function()
    local c = rigls_client(buf)
    return (c ~= nil and c.initialized) or #exits > seen_exits
  end, 20) then
    fail('rigls did not attach to %s and initialize within %d ms (see lsp.log below)', vim.api.nvim_buf_get_name(buf), TIMEOUT)
  end
  local c = rigls_client(buf)
  if not (c and c.initialized) then
    fail('rigls exited (%s) before attaching to %s (see lsp.log below)', exits[#exits], vim.api.nvim_buf_get_name(buf))
  end
  return c
end

local function wait_diagnostics(buf, pred)
  pred = pred or function(ds)
    return #ds > 0
  end
  local ds
  vim.wait(TIMEOUT, function()
    ds = vim.diagnostic.get(buf)
    return pred(ds)
  end, 20)
  return ds
end

--- Like wait_diagnostics, for a change that is not an edit (settings). Neovim 0.11 pulls
--- diagnostics only after didOpen/didChange and cannot be asked to pull again (it has no
--- workspace/diagnostic/refresh), so this makes an edit that leaves the text as it was until the
--- diagnostics show the change.
local function wait_diagnostics_after_edit(buf, pred)
  local deadline = vim.uv.now() + TIMEOUT
  repeat
    local n = vim.api.nvim_buf_line_count(buf)
    vim.api.nvim_buf_set_lines(buf, n, n, false, { '' })
    vim.api.nvim_buf_set_lines(buf, n, n + 1, false, {})
    if vim.wait(500, function()
      return pred(vim.diagnostic.get(buf))
    end, 20) then
      break
    end
  until vim.uv.now() > deadline
  return vim.diagnostic.get(buf)
end

--- The 0-based line and byte column of the `nth` occurrence of `text` (plain) in the buffer.
local function find(buf, text, nth)
  nth = nth or 1
  for lnum, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local from = 1
    while true do
      local s = line:find(text, from, true)
      if not s then
        break
      end
      nth = nth - 1
      if nth == 0 then
        return lnum - 1, s - 1
      end
      from = s + 1
    end
  end
  fail('fixture has no %q', text)
end

--- Position params at a 0-based line and byte column, in the client's negotiated encoding.
local function position(buf, client, lnum, col)
  vim.api.nvim_win_set_buf(0, buf)
  vim.api.nvim_win_set_cursor(0, { lnum + 1, col })
  return vim.lsp.util.make_position_params(0, client.offset_encoding)
end

--- Sends a request to rigls and returns its result; fails on an error or a timeout.
local function request(buf, client, method, params)
  local response, err = client:request_sync(method, params, TIMEOUT, buf)
  if not response then
    fail('%s: no response (%s)', method, tostring(err))
  end
  if response.err then
    fail('%s: error %s', method, vim.inspect(response.err))
  end
  return response.result
end

--- The text an LSP range covers in `buf` (single-line ranges).
local function range_text(buf, client, range)
  local line = vim.api.nvim_buf_get_lines(buf, range.start.line, range.start.line + 1, false)[1] or ''
  local s = vim.str_byteindex(line, client.offset_encoding, range.start.character, false)
  local e = vim.str_byteindex(line, client.offset_encoding, range['end'].character, false)
  return line:sub(s + 1, e)
end

--- The diagnostics as comparable rows: code, severity, 0-based line, byte columns, message.
local function rows(ds)
  local r = {}
  for _, d in ipairs(ds) do
    r[#r + 1] = {
      code = d.code,
      severity = vim.diagnostic.severity[d.severity],
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      message = d.message,
    }
  end
  table.sort(r, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  return r
end

--- Asserts a definition answer points into `buf` at `name` (quoted or not) on 0-based `lnum`.
local function expect_definition(result, buf, client, lnum, name)
  if result == nil or (vim.islist(result) and #result == 0) then
    fail('no definition')
  end
  local loc = vim.islist(result) and result[1] or result
  if vim.islist(result) and #result ~= 1 then
    fail('expected one definition, got %s', vim.inspect(result))
  end
  local uri = loc.targetUri or loc.uri
  local range = loc.targetSelectionRange or loc.range
  eq('definition file', vim.uri_to_fname(uri), vim.api.nvim_buf_get_name(buf))
  eq('definition line (0-based)', range.start.line, lnum)
  local text = range_text(buf, client, range)
  if text ~= name and text ~= '"' .. name .. '"' then
    fail('definition range covers %q, expected %q (with or without its quotes)', text, name)
  end
end

--- The floating windows open in the current tab.
local function floats()
  local found = {}
  for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_config(w).relative ~= '' then
      found[#found + 1] = w
    end
  end
  return found
end

--- Runs the normal-mode mapping `lhs` of the current buffer as a key press would, and returns
--- the floating window it opens (closing it) with that window's border.
local function float_border_of(lhs)
  local map = vim.fn.maparg(lhs, 'n', false, true)
  if vim.tbl_isempty(map) or not map.callback then
    fail('no mapping of %s with a callback in this buffer', lhs)
  end
  for _, w in ipairs(floats()) do
    vim.api.nvim_win_close(w, true)
  end
  map.callback()
  if not vim.wait(TIMEOUT, function()
    return #floats() > 0
  end, 20) then
    fail('%s opened no floating window', lhs)
  end
  local w = floats()[1]
  local border = vim.api.nvim_win_get_config(w).border
  local text = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false), '\n')
  vim.api.nvim_win_close(w, true)
  return border, text, map.desc
end

local ROUNDED = { '╭', '─', '╮', '│', '╯', '─', '╰', '│' }

local function run()
  check('editors/nvim/lsp/rigls.lua is the config in use', function()
    local config = vim.lsp.config.rigls
    eq('filetypes', config.filetypes, { 'elem', 'json' })
    eq('root_markers', config.root_markers, { 'rigls.toml', '.git' })
  end)

  ---------------------------------------------------------------- Elfreina model
  local elem = open('broken.elem')
  check('ftdetect: *.elem is filetype elem', function()
    eq('filetype', vim.bo[elem].filetype, 'elem')
    eq('expandtab (ftplugin)', vim.bo[elem].expandtab, false)
  end)

  check('ftdetect: a model under another extension is recognised by its first line', function()
    local other = open('robot.model')
    eq('filetype', vim.bo[other].filetype, 'elem')
    vim.cmd.buffer(elem)
  end)

  local client
  check('rigls attaches to the .elem buffer', function()
    client = wait_client(elem)
  end)
  local function need_client()
    if not client then
      fail('rigls is not attached (see above)')
    end
  end

  check('diagnostics on broken.elem: codes, ranges, messages', function()
    need_client()
    local ds = wait_diagnostics(elem, function(ds)
      return #ds >= 3
    end)
    eq('diagnostics', rows(ds), {
      {
        code = 'count-mismatch',
        severity = 'ERROR',
        lnum = 39,
        col = 3,
        end_lnum = 39,
        end_col = 14,
        message = 'VertexCount is 5 but Positions, Normals and TextureUV have 4 entries',
      },
      -- `"首"`: the end column is in bytes here, converted from the server's encoding.
      {
        code = 'unknown-bone',
        severity = 'ERROR',
        lnum = 65,
        col = 14,
        end_lnum = 65,
        end_col = 19,
        message = "unknown bone `首`: not found in this MeshContainer's BoneNames; TransformIndex 1 is `頭`",
      },
      {
        code = 'invalid-value',
        severity = 'ERROR',
        lnum = 117,
        col = 7,
        end_lnum = 117,
        end_col = 10,
        message = '`Loop` must be `True` or `False` (capitalised, unquoted), found `Yes`',
      },
    })
    for _, d in ipairs(ds) do
      eq('source of ' .. d.code, d.source, 'rigls')
    end
  end)

  check('hover on the key FaceCount shows its documentation', function()
    need_client()
    local lnum, col = find(elem, 'FaceCount=')
    local result = request(elem, client, 'textDocument/hover', position(elem, client, lnum, col + 2))
    if not result then
      fail('no hover')
    end
    local contents = result.contents
    eq('hover kind', contents.kind, 'markdown')
    local doc = 'Number of faces (polygons): the lines in `VertexIndices` and in `Attributes`.'
    if not contents.value:find('FaceCount', 1, true) or not contents.value:find(doc, 1, true) then
      fail('hover does not name FaceCount and give its documentation %q:\n%s', doc, contents.value)
    end
    if result.range then
      eq('hover range', range_text(elem, client, result.range), 'FaceCount')
    end
  end)

  -- The plugin's defaults (editors/nvim/lua/rigls.lua), as a user with no configuration gets them.
  check('defaults: inlay hints are on in the buffers rigls attaches to', function()
    need_client()
    if not vim.wait(TIMEOUT, function()
      return vim.lsp.inlay_hint.is_enabled({ bufnr = elem })
    end, 20) then
      fail('inlay hints are off in broken.elem')
    end
    eq('in a buffer rigls is not attached to', vim.lsp.inlay_hint.is_enabled({ bufnr = vim.api.nvim_create_buf(false, true) }), false)
  end)

  check('defaults: K shows the hover in a float with a rounded border', function()
    need_client()
    local lnum, col = find(elem, 'FaceCount=')
    vim.api.nvim_win_set_cursor(0, { lnum + 1, col + 2 })
    local border, text, desc = float_border_of('K')
    eq('K', desc, 'vim.lsp.buf.hover() with a border (rigls)')
    eq('border', border, ROUNDED)
    if not text:find('FaceCount', 1, true) then
      fail('the float does not show the hover of FaceCount:\n%s', text)
    end
  end)

  check('defaults: <C-w>d shows the diagnostic in a float with a rounded border', function()
    need_client()
    local lnum, col = find(elem, 'VertexCount=5')
    vim.api.nvim_win_set_cursor(0, { lnum + 1, col + 1 })
    local border, text = float_border_of('<C-W>d')
    eq('border', border, ROUNDED)
    if not text:find('VertexCount is 5', 1, true) then
      fail('the float does not show the count mismatch:\n%s', text)
    end
  end)

  check('definition of a BoneName value jumps to its BoneNames entry', function()
    need_client()
    local lnum, col = find(elem, 'BoneName="腰"')
    local result = request(elem, client, 'textDocument/definition', position(elem, client, lnum, col + #'BoneName="'))
    expect_definition(result, elem, client, 19, '腰')
  end)

  check('the unknown bone 首 is offered the bone its TransformIndex names', function()
    need_client()
    local lnum = find(elem, 'BoneName="首"')
    local diag
    for _, d in ipairs(vim.diagnostic.get(elem, { lnum = lnum })) do
      if d.code == 'unknown-bone' then
        diag = d.user_data and d.user_data.lsp
      end
    end
    if not diag then
      fail('no unknown-bone diagnostic on line %d', lnum + 1)
    end
    local actions = request(elem, client, 'textDocument/codeAction', {
      textDocument = { uri = vim.uri_from_bufnr(elem) },
      range = diag.range,
      context = { diagnostics = { diag }, only = { 'quickfix' }, triggerKind = 1 },
    }) or {}
    eq('quick fixes', vim.tbl_map(function(a)
      return a.title
    end, actions), { 'Replace with `頭` (TransformIndex 1)' })
    local action = actions[1]
    if not action.edit and client:supports_method('codeAction/resolve') then
      action = request(elem, client, 'codeAction/resolve', action)
    end
    local edits = action.edit and action.edit.changes and action.edit.changes[vim.uri_from_bufnr(elem)]
    if not edits and action.edit and action.edit.documentChanges then
      edits = action.edit.documentChanges[1].edits
    end
    eq('the edit', edits and edits[1].newText, '"頭"')
  end)

  check('fix all is offered without its edit and resolved on request', function()
    need_client()
    local uri = vim.uri_from_bufnr(elem)
    local actions = request(elem, client, 'textDocument/codeAction', {
      textDocument = { uri = uri },
      range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } },
      context = { diagnostics = {}, only = { 'source.fixAll' }, triggerKind = 1 },
    }) or {}
    eq('fix-all titles', vim.tbl_map(function(a)
      return a.title
    end, actions), { 'Fix 1 safe problem' })
    eq('edit before resolve', actions[1].edit, nil)
    eq('resolve announced', client:supports_method('codeAction/resolve'), true)
    local resolved = request(elem, client, 'codeAction/resolve', actions[1])
    local edits = resolved.edit and resolved.edit.changes and resolved.edit.changes[uri]
    if not edits and resolved.edit and resolved.edit.documentChanges then
      edits = resolved.edit.documentChanges[1].edits
    end
    eq('resolved edit', edits and edits[1].newText, '4')
  end)

  check('quick fix for the count mismatch sets VertexCount to 4', function()
    need_client()
    local lnum = find(elem, 'VertexCount=5')
    local diag
    for _, d in ipairs(vim.diagnostic.get(elem, { lnum = lnum })) do
      if d.code == 'count-mismatch' then
        diag = d.user_data and d.user_data.lsp
      end
    end
    if not diag then
      fail('no count-mismatch diagnostic on line %d to fix', lnum + 1)
    end
    local actions = request(elem, client, 'textDocument/codeAction', {
      textDocument = { uri = vim.uri_from_bufnr(elem) },
      range = diag.range,
      context = { diagnostics = { diag }, only = { 'quickfix' }, triggerKind = 1 },
    }) or {}
    local action
    for _, a in ipairs(actions) do
      if a.title == 'Set VertexCount to 4' then
        action = a
      end
    end
    if not action then
      fail('no "Set VertexCount to 4" action among %s', vim.inspect(vim.tbl_map(function(a)
        return a.title
      end, actions)))
    end
    eq('kind', action.kind, 'quickfix')
    if not action.edit and not action.command and client:supports_method('codeAction/resolve') then
      action = request(elem, client, 'codeAction/resolve', action)
    end
    if action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    elseif action.command then
      request(elem, client, 'workspace/executeCommand', action.command)
    else
      fail('the action has neither an edit nor a command')
    end
    vim.wait(TIMEOUT, function()
      return vim.api.nvim_buf_get_lines(elem, lnum, lnum + 1, false)[1] ~= '\t\t\tVertexCount=5'
    end, 20)
    eq('line after the fix', vim.api.nvim_buf_get_lines(elem, lnum, lnum + 1, false)[1], '\t\t\tVertexCount=4')
    -- The server sees the edit (didChange) and drops the diagnostic.
    local ds = wait_diagnostics(elem, function(ds)
      return #ds == 2
    end)
    eq('codes after the fix', vim.tbl_map(function(r)
      return r.code
    end, rows(ds)), { 'unknown-bone', 'invalid-value' })
  end)

  check('a rigls.severity change (settings + didChangeConfiguration) applies', function()
    need_client()
    -- As editors/nvim/README.md says: change the client's settings (the server may pull them with
    -- workspace/configuration) and push them.
    client.settings.rigls.severity = { ['invalid-value'] = 'off', ['unknown-bone'] = 'warning' }
    client:notify('workspace/didChangeConfiguration', { settings = client.settings })
    local ds = wait_diagnostics_after_edit(elem, function(ds)
      return #ds == 1
    end)
    eq('diagnostics after the change', vim.tbl_map(function(r)
      return { r.code, r.severity, r.lnum }
    end, rows(ds)), { { 'unknown-bone', 'WARN', 65 } })
    client.settings.rigls.severity = vim.empty_dict()
    client:notify('workspace/didChangeConfiguration', { settings = client.settings })
    ds = wait_diagnostics_after_edit(elem, function(ds)
      return #ds == 2
    end)
    eq('diagnostics after the reset', vim.tbl_map(function(r)
      return { r.code, r.severity }
    end, rows(ds)), { { 'unknown-bone', 'ERROR' }, { 'invalid-value', 'ERROR' } })
  end)

  check('completion offers the keys of the scope being typed in', function()
    need_client()
    -- Type `Tex` on a new line in the Material scope, as a user would, and ask.
    local lnum = find(elem, 'Name="装甲"')
    vim.api.nvim_buf_set_lines(elem, lnum + 1, lnum + 1, false, { '\t\t\t\tTex' })
    local result = request(elem, client, 'textDocument/completion', position(elem, client, lnum + 1, 7))
    local items = result and (result.items or result) or {}
    local byLabel = {}
    for _, item in ipairs(items) do
      byLabel[item.label] = item
    end
    local item = byLabel['TextureFilename']
    if not item then
      fail('TextureFilename not offered; got %s', vim.inspect(vim.tbl_keys(byLabel)))
    end
    for _, other in ipairs({ 'NodeName', 'VertexCount', 'AnimationTime' }) do
      if byLabel[other] then
        fail('%s (a key of another scope) offered in a Material', other)
      end
    end
    local text = item.textEdit and item.textEdit.newText or item.insertText or item.label
    if not text:match('^TextureFilename') then
      fail('TextureFilename inserts %q', text)
    end
  end)

  check('completion documentation comes as plain text, which Neovim shows as it is', function()
    need_client()
    local formats = client.capabilities.textDocument.completion.completionItem.documentationFormat
    eq('documentationFormat rigls asks for', formats[1], 'plaintext')
    local lnum = find(elem, 'Name="装甲"')
    local result = request(elem, client, 'textDocument/completion', position(elem, client, lnum + 1, 7))
    local item
    for _, it in ipairs(result and (result.items or result) or {}) do
      if it.label == 'TextureFilename' then
        item = it
      end
    end
    if item and not item.documentation then
      item = request(elem, client, 'completionItem/resolve', item)
    end
    -- Plain text is a string, or MarkupContent of kind plaintext; never kind markdown.
    local doc = item and item.documentation
    local text = type(doc) == 'string' and doc or (type(doc) == 'table' and doc.kind == 'plaintext' and doc.value)
    if type(text) ~= 'string' or not text:find('Texture image file') then
      fail('TextureFilename documentation is not plain text: %s', vim.inspect(doc))
    end
    -- What the completion popup shows: no Markdown syntax.
    local info = vim.lsp.completion._lsp_to_complete_items({ items = { item } }, 'Tex')[1].info
    if info:find('`') or info:find('%*%*') or info:find('```') then
      fail('the completion popup shows raw Markdown:\n%s', info)
    end
  end)

  ---------------------------------------------------------------- DragonBones skeleton
  -- This buffer is opened as a user who opted out of the plugin's defaults.
  vim.g.rigls = { inlay_hints = false, border = 'none' }
  local ske = open('hero_ske.json')
  check('a DragonBones skeleton stays filetype json and rigls attaches to it', function()
    eq('filetype', vim.bo[ske].filetype, 'json')
    wait_client(ske)
  end)
  check('defaults: vim.g.rigls turns inlay hints and borders off', function()
    need_client()
    vim.wait(200) -- (time for on_attach, which is what must not act)
    eq('inlay hints', vim.lsp.inlay_hint.is_enabled({ bufnr = ske }), false)
    eq('K', vim.fn.maparg('K', 'n', false, true).desc, 'vim.lsp.buf.hover()')
    eq('<C-w>d mapped in the buffer', vim.fn.maparg('<C-W>d', 'n', false, true).buffer, 0)
  end)
  vim.g.rigls = nil

  check('diagnostics on hero_ske.json: unknown-bone for the slot parent', function()
    need_client()
    local ds = wait_diagnostics(ske)
    local problems = {}
    for _, d in ipairs(ds) do
      if d.severity <= vim.diagnostic.severity.WARN then
        problems[#problems + 1] = d
      end
    end
    local lnum = find(ske, '"parent": "head"')
    local r = rows(problems)
    eq('errors and warnings (code, line)', vim.tbl_map(function(x)
      return { x.code, x.severity, x.lnum }
    end, r), { { 'unknown-bone', 'ERROR', lnum } })
    local line = vim.api.nvim_buf_get_lines(ske, lnum, lnum + 1, false)[1]
    local flagged = line:sub(r[1].col + 1, r[1].end_col)
    if flagged ~= '"head"' and flagged ~= 'head' then
      fail('the diagnostic covers %q, expected "head"', flagged)
    end
  end)

  check('definition of a slot parent jumps to the bone', function()
    need_client()
    local lnum, col = find(ske, '"parent": "body"')
    local result = request(ske, client, 'textDocument/definition', position(ske, client, lnum, col + #'"parent": "'))
    expect_definition(result, ske, client, find(ske, '{ "name": "body", "parent": "root"'), 'body')
  end)

  check('workspace symbols: what the skeleton defines, matched by letters in order', function()
    need_client()
    local symbols = request(ske, client, 'workspace/symbol', { query = 'BDY' }) or {}
    local hits = {}
    for _, s in ipairs(symbols) do
      if s.location.uri == vim.uri_from_bufnr(ske) then
        hits[#hits + 1] = { s.name, s.containerName, s.location.range.start.line }
      end
    end
    eq('symbols in hero_ske.json (name, container, line)', hits, {
      { 'body', 'root', (find(ske, '{ "name": "body", "parent": "root"')) },
      { 'body', 'hero', (find(ske, '{ "name": "body", "parent": "body" }')) },
      { 'body', 'hero', (find(ske, '{ "name": "body", "display"')) },
      { 'body', 'body', (find(ske, '{ "name": "body", "display"')) },
    })
  end)

  ---------------------------------------------------------------- binary skeleton
  -- A .dbbin (the DragonBones editor's, which the project ships) opens as the read-only JSON view
  -- the server gives (plugin/rigls_binary.lua); rigls analyses the binary in it. In the view,
  -- line 27 is the bone pelvis's `"parent": "root",`, line 21 the bone root's `"name": "root"`.
  local fixture = repo .. '/server/tests/fixtures/dragonbones/binary/mecha_1406_ske.dbbin'
  local bytes = assert(io.open(fixture, 'rb')):read('a')
  local function write_file(name, data)
    local f = assert(io.open(ws .. '/' .. name, 'wb'))
    f:write(data)
    f:close()
  end
  write_file('mecha_1406_ske.dbbin', bytes)
  write_file('damaged_ske.dbbin', bytes:sub(1, #bytes - 8))
  local bin_buf = open('mecha_1406_ske.dbbin')
  local bin_client
  check('a .dbbin opens as the read-only JSON view of its content, and rigls attaches', function()
    eq('line 3', vim.api.nvim_buf_get_lines(bin_buf, 2, 3, false)[1], '  "name": "mecha_1406",')
    eq('filetype, modifiable, readonly, modified', {
      vim.bo[bin_buf].filetype,
      vim.bo[bin_buf].modifiable,
      vim.bo[bin_buf].readonly,
      vim.bo[bin_buf].modified,
    }, { 'json', false, true, false })
    bin_client = wait_client(bin_buf)
  end)
  check('hover and definition of a bone name in the .dbbin view', function()
    if not bin_client then
      fail('rigls is not attached (see above)')
    end
    local lnum, col = find(bin_buf, '"parent": "root"')
    eq('line of the first parent', lnum, 26)
    local at = col + #'"parent": "'
    local hover = request(bin_buf, bin_client, 'textDocument/hover', position(bin_buf, bin_client, lnum, at))
    local value = hover and hover.contents and hover.contents.value or ''
    if not value:find('**bone** `root`', 1, true) or not value:find('Bone 0 of armature `mecha_1406`', 1, true) then
      fail('the hover does not show the bone root:\n%s', value)
    end
    local result = request(bin_buf, bin_client, 'textDocument/definition', position(bin_buf, bin_client, lnum, at))
    expect_definition(result, bin_buf, bin_client, 20, 'root')
    local symbols = request(bin_buf, bin_client, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(bin_buf) } })
    eq('top-level symbols', vim.tbl_map(function(x)
      return x.name
    end, symbols or {}), { 'mecha_1406' })
  end)
  check('writing the .dbbin view is refused and leaves the file as it was', function()
    vim.api.nvim_win_set_buf(0, bin_buf)
    pcall(vim.cmd, 'silent! write!')
    local now = assert(io.open(ws .. '/mecha_1406_ske.dbbin', 'rb')):read('a')
    eq('the file is unchanged', now == bytes, true)
  end)
  local damaged = open('damaged_ske.dbbin')
  check('a damaged .dbbin gets its binary diagnostics in the view', function()
    wait_client(damaged)
    local ds = wait_diagnostics(damaged)
    eq('diagnostics', rows(ds), {
      {
        code = 'binary-truncated',
        severity = 'ERROR',
        lnum = 2,
        col = 2,
        end_lnum = 2,
        end_col = 22,
        message = 'bytes 20808–24363: the timelineArray should be bytes 20808–24371 of the file, but the file has 24364 bytes: the runtime throws',
      },
    })
  end)

  -- Unity projects name the binary `*_ske.bytes`: the same view, analysed as the binary (the
  -- damaged copy's problems are the binary's, not the view's JSON's).
  write_file('unity_ske.bytes', bytes:sub(1, #bytes - 8))
  local unity = open('unity_ske.bytes')
  check("Unity's _ske.bytes opens as the same read-only view, analysed as the binary", function()
    eq('line 3, modifiable', { vim.api.nvim_buf_get_lines(unity, 2, 3, false)[1], vim.bo[unity].modifiable }, {
      '  "name": "mecha_1406",',
      false,
    })
    wait_client(unity)
    eq('diagnostic codes', vim.tbl_map(function(d)
      return d.code
    end, wait_diagnostics(unity)), { 'binary-truncated' })
  end)

  -- Format Selection (textDocument/rangeFormatting): the line selected, not the ones around it.
  write_file('messy.elem', 'Elfreina Extension Model File\nFile Version 1.00\nSetting{\n    LoadType= "View"\n  ElfreinaSoftVersion = 1.10\n}\n')
  local messy = open('messy.elem')
  check('Format Selection formats the lines selected and no others', function()
    local c = wait_client(messy)
    vim.lsp.buf.format({ bufnr = messy, id = c.id, range = { start = { 4, 4 }, ['end'] = { 4, 12 } }, timeout_ms = TIMEOUT })
    eq('lines', vim.api.nvim_buf_get_lines(messy, 0, -1, false), {
      'Elfreina Extension Model File',
      'File Version 1.00',
      'Setting{',
      '\tLoadType="View"',
      '  ElfreinaSoftVersion = 1.10',
      '}',
    })
  end)

  ---------------------------------------------------------------- other JSON
  local plain = open('not-dragonbones.json')
  check('plain JSON: rigls attaches but says nothing', function()
    need_client()
    eq('filetype', vim.bo[plain].filetype, 'json')
    wait_client(plain)
    local lnum, col = find(plain, '"parent"')
    eq('hover', request(plain, client, 'textDocument/hover', position(plain, client, lnum, col + 2)), nil)
    local symbols = request(plain, client, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(plain) } })
    eq('symbols', symbols == nil or #symbols == 0, true)
    -- The server answered two requests after opening: any diagnostics would have arrived by now.
    eq('diagnostics', rows(vim.diagnostic.get(plain)), {})
  end)

  ---------------------------------------------------------------- previews
  check(':RiglsRender writes a PNG of the buffer as it is, unsaved edits included', function()
    eq(':RiglsPreview exists', vim.fn.exists(':RiglsPreview'), 2)
    local buf = open('preview/atlas_ske.json')
    local function render(args)
      local done
      local id = vim.api.nvim_create_autocmd('User', {
        pattern = 'RiglsRendered',
        once = true,
        callback = function(ev)
          done = ev.data
        end,
      })
      vim.cmd.RiglsRender({ args = args })
      if not vim.wait(TIMEOUT, function()
        return done ~= nil
      end, 20) then
        vim.api.nvim_del_autocmd(id)
        fail('no RiglsRendered event for %s', vim.inspect(args))
      end
      eq('rigls render exit code for ' .. done.file, done.code, 0)
      local f = assert(io.open(done.file, 'rb'))
      local bytes = f:read('*a')
      f:close()
      eq(done.file .. ' is a PNG', bytes:sub(1, 8), '\137PNG\r\n\26\n')
      return bytes, done.file
    end
    local saved = render({ ws .. '/saved.png', '--animation', 'wave', '--time', '0.5' })
    -- Move the upper arm in the buffer only: the picture follows the buffer, not the file.
    local lnum, col = find(buf, '"x": -60')
    vim.api.nvim_buf_set_text(buf, lnum, col + #'"x": ', lnum, col + #'"x": -60', { '-20' })
    eq('modified', vim.bo[buf].modified, true)
    local edited = render({ ws .. '/edited.png', '--animation', 'wave', '--time', '0.5' })
    if edited == saved then
      fail('the PNG of the edited buffer is the PNG of the file on disk')
    end
    -- The default name: the file's, with .png.
    local _, file = render({})
    eq('the default output', file, vim.fs.normalize(ws .. '/preview/atlas_ske.png'))
    vim.cmd('edit!')
  end)
end

local function finish()
  local lsp_log = vim.lsp.get_log_path()
  if failed > 0 and vim.uv.fs_stat(lsp_log) then
    out('# --- ' .. lsp_log .. ' (last 30 lines) ---')
    local lines = vim.fn.readfile(lsp_log)
    for i = math.max(1, #lines - 29), #lines do
      out('# ' .. lines[i]:sub(1, 400))
    end
  end
  out(string.format('nvim: %d passed, %d failed', passed, failed))
  for _, c in ipairs(vim.lsp.get_clients()) do
    c:stop(true)
  end
  vim.cmd(failed > 0 and 'cquit 1' or 'qall!')
end

-- A hang anywhere (a request the server never answers) still ends the run.
vim.defer_fn(function()
  out('# watchdog: the test did not finish in time')
  out(string.format('nvim: %d passed, %d failed', passed, failed + 1))
  vim.cmd('cquit 2')
end, tonumber(os.getenv('RIGLS_E2E_WATCHDOG_MS') or '') or 100000)

vim.api.nvim_create_autocmd('VimEnter', {
  nested = true, -- without it `:edit` fires no FileType event and nothing attaches
  once = true,
  callback = function()
    local ok, err = xpcall(run, debug.traceback)
    if not ok then
      out('not ok - harness error')
      out('# ' .. tostring(err):gsub('\n', '\n# '))
      failed = failed + 1
    end
    finish()
  end,
})
