-- .elem files are indented with one TAB per scope level (Elfreina and Keystone write them so).
vim.bo.expandtab = false
vim.bo.shiftwidth = 0
vim.bo.softtabstop = 0
vim.b.undo_ftplugin = (vim.b.undo_ftplugin and vim.b.undo_ftplugin .. ' | ' or '')
  .. 'setlocal expandtab< shiftwidth< softtabstop<'
