" Tabula rules files: '#' comments, and `:make` runs `tabula validate` on the file
" (compiler/tabula.vim).
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal comments=:# commentstring=#\ %s
setlocal iskeyword+=-
compiler tabula
let b:undo_ftplugin = 'setlocal comments< commentstring< iskeyword< makeprg< errorformat<'
