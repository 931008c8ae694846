" Run by vim_classes.mjs in a headless Vim. For every file named in the JSON list in the
" file g:tabula_list: its filetype, the class of every character from the tabula syntax
" (one letter per character, as the reference lexer writes them: c comment, s string,
" n number, k statement keyword, . other) and the innermost syntax group of every
" character, written as JSON ({file: {filetype, classes, groups}}) to g:tabula_out.
" Every group that belongs to a class; the innermost group at a character (synID(): a
" region's matchgroup on its start text) decides, so nothing else may be nested in them.
let s:classes = {'tabulaComment': 'c', 'tabulaTodo': 'c',
      \ 'tabulaString': 's', 'tabulaTripleString': 's', 'tabulaEscape': 's', 'tabulaBadEscape': 's',
      \ 'tabulaNumber': 'n', 'tabulaKeyword': 'k'}

function! s:Classify() abort
  let classes = []
  let groups = []
  for lnum in range(1, line('$'))
    let line_classes = ''
    let line_groups = []
    let col = 1
    for char in split(getline(lnum), '\zs')
      let group = synIDattr(synID(lnum, col, 0), 'name')
      let line_classes .= get(s:classes, group, '.')
      call add(line_groups, group)
      let col += len(char)
    endfor
    call add(classes, line_classes)
    call add(groups, line_groups)
  endfor
  return {'filetype': &filetype, 'classes': classes, 'groups': groups}
endfunction

let s:result = {}
for s:file in json_decode(join(readfile(g:tabula_list), "\n"))
  execute 'edit ' . fnameescape(s:file)
  " Vim stops highlighting at column 'synmaxcol' (3000) for speed; check the whole line.
  setlocal synmaxcol=0
  let s:result[s:file] = s:Classify()
  bwipeout!
endfor
call writefile([json_encode(s:result)], g:tabula_out)
qall!
