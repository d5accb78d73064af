-- :RiglsPreview and :RiglsRender, for the current buffer.
--
-- :RiglsPreview      starts `rigls preview FILE` (a page on 127.0.0.1 that updates when the file
--                    is written) and opens its URL with vim.ui.open; again in the same buffer, it
--                    opens the running preview's page again. :RiglsPreview! stops it.
-- :RiglsRender [OUT] writes a PNG of the buffer as it is (unsaved changes included: the text goes
--                    to `rigls render -` on stdin, named after the file so its atlas and textures
--                    are found), to OUT or FILE's name with .png; extra `rigls render` flags may
--                    follow OUT (`:RiglsRender out.png --bones --animation walk --time 0.5`).
--
-- The binary is `vim.g.rigls_bin`, else the first word of the rigls LSP config's `cmd`, else
-- `rigls` on PATH.

if vim.g.loaded_rigls_commands then
  return
end
vim.g.loaded_rigls_commands = true

local function binary()
  if vim.g.rigls_bin then
    return vim.g.rigls_bin
  end
  local ok, config = pcall(function()
    return vim.lsp.config.rigls
  end)
  if ok and config and type(config.cmd) == 'table' and config.cmd[1] then
    return config.cmd[1]
  end
  return 'rigls'
end

local function buffer_file(buf)
  local name = vim.api.nvim_buf_get_name(buf)
  if name == '' then
    vim.notify('rigls: the buffer has no file name (save it first)', vim.log.levels.ERROR)
    return nil
  end
  return vim.fs.normalize(vim.fn.fnamemodify(name, ':p'))
end

-- Previews running, by buffer: { process = vim.SystemObj, url = string|nil }.
local previews = {}

local function stop_preview(buf)
  local p = previews[buf]
  previews[buf] = nil
  if p and p.process then
    p.process:kill(15)
  end
end

vim.api.nvim_create_user_command('RiglsPreview', function(opts)
  local buf = vim.api.nvim_get_current_buf()
  if opts.bang then
    stop_preview(buf)
    return
  end
  local running = previews[buf]
  if running and running.url then
    vim.ui.open(running.url)
    return
  end
  local file = buffer_file(buf)
  if not file then
    return
  end
  local entry = {}
  previews[buf] = entry
  local pending = ''
  entry.process = vim.system({ binary(), 'preview', file }, {
    text = true,
    stdout = function(_, data)
      if not data or entry.url then
        return
      end
      pending = pending .. data
      local url = pending:match('^(http://127%.0%.0%.1:%d+/%?token=%x+)\n')
      if url then
        entry.url = url
        vim.schedule(function()
          vim.notify('rigls: previewing ' .. vim.fn.fnamemodify(file, ':t') .. ' at ' .. url)
          vim.ui.open(url)
        end)
      end
    end,
  }, function(result)
    vim.schedule(function()
      if previews[buf] == entry then
        previews[buf] = nil
      end
      if result.code ~= 0 and result.signal == 0 then
        vim.notify('rigls preview: ' .. vim.trim(result.stderr or ''), vim.log.levels.ERROR)
      end
    end)
  end)
  vim.api.nvim_create_autocmd({ 'BufDelete', 'BufWipeout' }, {
    buffer = buf,
    once = true,
    callback = function()
      stop_preview(buf)
    end,
  })
end, { bang = true, desc = 'rigls: preview the buffer\'s file in the browser (! stops it)' })

vim.api.nvim_create_autocmd('VimLeavePre', {
  callback = function()
    for buf in pairs(previews) do
      stop_preview(buf)
    end
  end,
})

vim.api.nvim_create_user_command('RiglsRender', function(opts)
  local buf = vim.api.nvim_get_current_buf()
  local file = buffer_file(buf)
  if not file then
    return
  end
  local args = vim.deepcopy(opts.fargs)
  local out = table.remove(args, 1) or (vim.fn.fnamemodify(file, ':r') .. '.png')
  out = vim.fn.fnamemodify(out, ':p')
  local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  if vim.bo[buf].eol then
    text = text .. '\n'
  end
  if vim.bo[buf].bomb then
    text = '\239\187\191' .. text
  end
  local cmd = { binary(), 'render', '-', '--stdin-filename', file, '-o', out }
  vim.list_extend(cmd, args)
  vim.system(cmd, { stdin = text, text = true }, function(result)
    vim.schedule(function()
      if result.code == 0 then
        local notes = vim.trim(result.stderr or '')
        vim.notify('rigls: wrote ' .. out .. (notes ~= '' and ('\n' .. notes) or ''))
      else
        vim.notify('rigls render: ' .. vim.trim(result.stderr or ''), vim.log.levels.ERROR)
      end
      vim.api.nvim_exec_autocmds('User', { pattern = 'RiglsRendered', data = { file = out, code = result.code } })
    end)
  end)
end, { nargs = '*', complete = 'file', desc = 'rigls: write a PNG of the buffer' })
