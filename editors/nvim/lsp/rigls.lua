-- rigls, the language server for Elfreina .elem models and DragonBones JSON, for Neovim 0.11+.
-- With this directory on 'runtimepath', `vim.lsp.enable('rigls')` is all it takes.
--
-- DragonBones data is plain JSON (`*_ske.json`, `*_tex.json`, or recognised by content), so rigls
-- attaches to every JSON buffer and answers only for DragonBones files: other JSON gets no
-- diagnostics, hovers or symbols from it. To keep it off plain JSON, override the filetypes:
--   vim.lsp.config('rigls', { filetypes = { 'elem' } })
--
-- Diagnostic severities per code go in `settings.rigls.severity` (an entry sets every case of its
-- code; the codes and their own severities: docs/rules.md or `rigls rules`), e.g.
--   vim.lsp.config('rigls', { settings = { rigls = { severity = { ['weight-sum'] = 'off' } } } })
---@type vim.lsp.Config
return {
  cmd = { 'rigls', '--stdio' },
  filetypes = { 'elem', 'json' },
  root_markers = { 'rigls.toml', '.git' },
  settings = { rigls = { severity = vim.empty_dict() } },
  -- Neovim 0.11's completion (vim.lsp.completion, and the 'preview' window) shows an item's
  -- documentation as it comes: Markdown would show its backticks and fences. Plain text is what a
  -- reader of the rendered Markdown sees. A completion plugin that renders Markdown (nvim-cmp,
  -- blink.cmp) can ask for it back: vim.lsp.config('rigls', { capabilities = { textDocument = {
  --   completion = { completionItem = { documentationFormat = { 'markdown', 'plaintext' } } } } } })
  capabilities = {
    textDocument = { completion = { completionItem = { documentationFormat = { 'plaintext' } } } },
  },
  -- The server reads its settings at start from initializationOptions (the same shape VS Code
  -- sends), and later from workspace/didChangeConfiguration.
  before_init = function(params, config)
    params.initializationOptions = { rigls = (config.settings or {}).rigls or { severity = vim.empty_dict() } }
  end,
  -- Inlay hints on, hover and diagnostic floats with a border (lua/rigls.lua; opt out with
  -- vim.g.rigls = { inlay_hints = false, border = 'none' }).
  on_attach = function(client, bufnr)
    require('rigls').on_attach(client, bufnr)
  end,
}
