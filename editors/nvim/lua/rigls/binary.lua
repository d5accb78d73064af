-- Binary DragonBones skeletons (`*.dbbin`, Unity's `*_ske.bytes`) open as a read-only JSON view of
-- their content
-- (plugin/rigls_binary.lua sets the autocmds): the buffer keeps the file's name, its text is what
-- the rigls server shows of the file (`rigls/binaryView`), and rigls, attached to it as to any JSON
-- buffer, analyses the binary with that text: diagnostics, hovers, symbols and definitions answer
-- in the view. The buffer cannot be modified, and writing it is refused (`rigls convert X.dbbin -o
-- X_ske.json` writes the JSON).
local M = {}

--- The rigls client for `buf`: the one serving its root, started (not attached) if need be.
---@return vim.lsp.Client?, string?
local function client_for(buf)
  local ok, config = pcall(function()
    return vim.lsp.config.rigls
  end)
  if not ok or not config or not config.cmd then
    return nil, 'no rigls LSP config (vim.lsp.config.rigls): put editors/nvim on the runtimepath'
  end
  config = vim.deepcopy(config)
  config.name = config.name or 'rigls'
  local id = vim.lsp.start(config, { bufnr = buf, attach = false, _root_markers = config.root_markers, silent = true })
  local client = id and vim.lsp.get_client_by_id(id)
  if not client then
    return nil, 'the rigls server did not start'
  end
  local timeout = M.timeout()
  if not vim.wait(timeout, function()
    return client.initialized or client:is_stopped()
  end, 10) or not client.initialized then
    return nil, string.format('the rigls server did not start within %d ms', timeout)
  end
  return client
end

--- How long to wait for the server, in milliseconds (`vim.g.rigls.binary_timeout`).
function M.timeout()
  return (vim.g.rigls or {}).binary_timeout or 10000
end

--- BufReadCmd: fills `buf` with the JSON view of the binary at its name.
---@param buf integer
function M.read(buf)
  local file = vim.fs.normalize(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ':p'))
  local client, problem = client_for(buf)
  local text
  if client then
    local uri = vim.uri_from_fname(file)
    local answer, err = client:request_sync('rigls/binaryView', { textDocument = { uri = uri } }, M.timeout(), buf)
    if answer and answer.err then
      problem = answer.err.message
    elseif answer and answer.result then
      text = answer.result.text
    else
      problem = err or 'no answer from rigls'
    end
  end
  if not text then
    vim.notify('rigls: cannot show ' .. file .. ': ' .. problem, vim.log.levels.ERROR)
    return
  end
  local lines = vim.split(text, '\n', { plain = true })
  local eol = lines[#lines] == ''
  if eol then
    lines[#lines] = nil
  end
  local bo = vim.bo[buf]
  bo.modifiable = true
  bo.readonly = false
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  bo.eol, bo.fixeol, bo.bomb = eol, eol, false
  bo.modified = false
  bo.modifiable = false
  bo.readonly = true
  -- rigls attaches to JSON buffers; the name (.dbbin) tells it the text is the file's view.
  bo.filetype = 'json'
end

--- BufWriteCmd: the view is no file's content.
---@param buf integer
function M.refuse_write(buf)
  local name = vim.api.nvim_buf_get_name(buf)
  vim.notify(
    'rigls: ' .. vim.fn.fnamemodify(name, ':t') .. ' is the read-only JSON view of a binary skeleton; '
      .. '`rigls convert ' .. vim.fn.fnamemodify(name, ':t') .. ' -o NAME_ske.json` writes it as JSON',
    vim.log.levels.ERROR
  )
end

return M
