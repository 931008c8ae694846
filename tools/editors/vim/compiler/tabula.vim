" Vim compiler file
" Compiler:    tabula validate (Tabula rules and board files)
" Maintainer:  the Tabula project (tools/editors/README.md); tested by tools/editors/test-grammar
"
" `:compiler tabula` then `:make` checks the current file and lists every diagnostic in the
" quickfix list. `tabula validate FILE` writes each one as
"   FILE:LINE:COLUMN: error: MESSAGE      (or warning:, or note: for a related place)
" followed by the source line and a caret line (both indented), and ends with a summary.
" The program is g:tabula_program when set, else `tabula` on the PATH, else build/tabula
" (relative to Vim's current directory, e.g. the repository root).

if exists('current_compiler')
  finish
endif
let current_compiler = 'tabula'

if exists(':CompilerSet') != 2
  command -nargs=* CompilerSet setlocal <args>
endif

let s:cpo_save = &cpo
set cpo&vim

let s:program = get(g:, 'tabula_program', executable('tabula') ? 'tabula' : 'build/tabula')
execute 'CompilerSet makeprg=' . escape(s:program, ' \|"') . '\ validate\ %:S'
CompilerSet errorformat=%f:%l:%c:\ %trror:\ %m,
                       \%f:%l:%c:\ %tarning:\ %m,
                       \%f:%l:%c:\ %tote:\ %m,
                       \%f:\ %trror:\ %m,
                       \%f:\ %tarning:\ %m,
                       \%-G%.%#

let &cpo = s:cpo_save
unlet s:cpo_save
