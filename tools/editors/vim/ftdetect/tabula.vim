" Tabula rules files. Vim's own detection takes *.rules for 'hog' (Snort rules), or udev or
" polkit rules under /etc, /lib and /usr; a .rules file anywhere else is Tabula rules.
autocmd BufNewFile,BufRead *.rules
      \ if expand('<amatch>:p') !~# '^/\%(etc\|lib\|usr\)/' | call s:TabulaRules() | endif

" Vim's hog ftplugin has already run and leaves no b:undo_ftplugin: undo it here, so the
" tabula ftplugin loads.
function! s:TabulaRules() abort
  if &filetype ==# 'hog'
    setlocal formatoptions< comments< commentstring< define< include<
    silent! nunmap <buffer> ]]
    silent! nunmap <buffer> [[
    unlet! b:did_ftplugin b:match_words b:match_skip
  endif
  set filetype=tabula
endfunction
