-- What the rigls plugin sets in the buffers rigls attaches to (lsp/rigls.lua calls on_attach):
--   * inlay hints on (rigls shows vertex, bone and key-frame indices, times and names in them);
--   * the hover (K) and the diagnostic float (<C-w>d) in a float with a border, so that it does
--     not run into the text: only where Neovim's own mappings are in place (never a mapping of
--     yours) and only while 'winborder' is unset (it is then the border every float gets).
-- Opt out before rigls attaches:
--   vim.g.rigls = { inlay_hints = false, border = 'none' }
-- or give rigls an on_attach of your own: vim.lsp.config('rigls', { on_attach = … }).
local M = {}

--- The defaults; `vim.g.rigls` overrides them key by key.
M.defaults = {
  inlay_hints = true,
  --- Any 'winborder' value ('rounded', 'single', 'double', 'solid', 'shadow', a list of
  --- characters) or 'none'.
  border = 'rounded',
}

function M.options()
  return vim.tbl_extend('force', M.defaults, vim.g.rigls or {})
end

--- Whether the normal-mode mapping of `lhs` in `bufnr` is still Neovim's default (`desc`), or absent.
local function is_default_mapping(bufnr, lhs, desc)
  local found
  vim.api.nvim_buf_call(bufnr, function()
    found = vim.fn.maparg(lhs, 'n', false, true)
  end)
  return vim.tbl_isempty(found) or found.desc == desc
end

---@param client vim.lsp.Client
---@param bufnr integer
function M.on_attach(client, bufnr)
  local opts = M.options()
  if opts.inlay_hints and client:supports_method('textDocument/inlayHint') then
    vim.lsp.inlay_hint.enable(true, { bufnr = bufnr })
  end
  local border = opts.border
  if not border or border == 'none' or vim.o.winborder ~= '' then
    return
  end
  if client:supports_method('textDocument/hover') and is_default_mapping(bufnr, 'K', 'vim.lsp.buf.hover()') then
    vim.keymap.set('n', 'K', function()
      vim.lsp.buf.hover({ border = border })
    end, { buffer = bufnr, desc = 'vim.lsp.buf.hover() with a border (rigls)' })
  end
  local float = vim.diagnostic.config().float
  local float_border = type(float) == 'table' and float.border or nil
  if float_border == nil and is_default_mapping(bufnr, '<C-W>d', 'Show diagnostics under the cursor') then
    vim.keymap.set('n', '<C-W>d', function()
      vim.diagnostic.open_float({ border = border })
    end, { buffer = bufnr, desc = 'Show diagnostics under the cursor, with a border (rigls)' })
  end
end

return M
