-- Binary DragonBones skeletons (`*.dbbin`, Unity's `*_ske.bytes`) open as a read-only JSON view that the rigls server
-- provides (lua/rigls/binary.lua); writing one is refused.
if vim.g.loaded_rigls_binary then
  return
end
vim.g.loaded_rigls_binary = true

local group = vim.api.nvim_create_augroup('rigls_binary', { clear = true })
vim.api.nvim_create_autocmd('BufReadCmd', {
  group = group,
  pattern = { '*.dbbin', '*_ske.bytes' },
  desc = 'rigls: show a binary DragonBones skeleton as JSON',
  callback = function(args)
    require('rigls.binary').read(args.buf)
  end,
})
vim.api.nvim_create_autocmd({ 'BufWriteCmd', 'FileWriteCmd', 'FileAppendCmd' }, {
  group = group,
  pattern = { '*.dbbin', '*_ske.bytes' },
  desc = 'rigls: refuse to write the JSON view over a binary skeleton',
  callback = function(args)
    require('rigls.binary').refuse_write(args.buf)
  end,
})
