-- Elfreina models. DragonBones `*_ske.json` / `*_tex.json` stay `json`: rigls attaches to JSON.
vim.filetype.add({
  extension = { elem = 'elem' },
  pattern = {
    -- A model saved under another name still starts with the format's magic line.
    ['.*'] = {
      function(_, bufnr)
        if not bufnr then
          return
        end
        local first = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] or ''
        if first:gsub('^\239\187\191', ''):match('^Elfreina Extension Model File') then
          return 'elem'
        end
      end,
      { priority = -math.huge },
    },
  },
})
