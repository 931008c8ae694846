" Vim syntax file
" Language:    Tabula rules (.rules files; docs/LANGUAGE.md, "Syntax")
" Maintainer:  the Tabula project (tools/editors/README.md); tested by tools/editors/test-grammar
"
" Every statement is `keyword arg* ['if' expr] [':' item*] ['{']`. The keyword is found by
" its position (the first name where a statement may start: at the top level, i.e. at a
" line start or after ';', '{' or '}'), not from a word list, so new statement keywords need
" no change here. A statement ends at the end of its line, at ';', at '{' or before '}';
" parentheses, """triple-quoted""" strings and a '\' at the end of a line carry it over.

if exists('b:current_syntax')
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

syn case match
" Parentheses and triple-quoted strings span lines: always parse from the top.
syn sync fromstart

" Items are tried at each position; of those that start at the same position the one
" defined last wins, so the catch-all for stray characters comes first.
syn match tabulaInvalid /[^ \t]/ contained

" Names: letters, digits, '_', with inner dashes (forward-left); `a - b` is a subtraction.
syn match tabulaIdentifier /\h\w*\%(-\w\+\)*/ contained
syn match tabulaConstant /\%(all\|any\|none\|nothing\|empty\|enemy\|friend\|orthogonal\|diagonal\|forward-left\|forward-right\|forward\|backward-left\|backward-right\|backward\|left\|right\|on\|off\|yes\|no\)\%(\w\|-\w\)\@!/ contained
syn match tabulaPlayer /\%(mover\|opponent\)\%(\w\|-\w\)\@!/ contained
syn match tabulaNumber /\d\+/ contained
syn match tabulaOperator /==\|!=\|<=\|>=\|[<>|+*\/-]\|\.\./ contained
syn match tabulaDelimiter /[:,]/ contained
" A named argument: `name=value`, blanks allowed around '=' (but not `a == b`).
syn match tabulaArgName /\h\w*\%(-\w\+\)*\ze[ \t]*=\%(=\)\@!/ contained nextgroup=tabulaAssign skipwhite
syn match tabulaAssign /=/ contained
" Reserved words: not names, so neither keywords nor calls.
syn match tabulaConditional /if\%(\w\|-\w\)\@!/ contained
syn match tabulaLogical /\%(and\|or\|not\)\%(\w\|-\w\)\@!/ contained

" Strings: "..." with \" \\ \n \t escapes ends on its line; """...""" is verbatim.
syn match tabulaBadEscape /\\./ contained
syn match tabulaEscape /\\["\\nt]/ contained
syn region tabulaString start=/"/ excludenl end=/"\|$/ contained contains=tabulaBadEscape,tabulaEscape
syn region tabulaTripleString start=/"""/ end=/"""/ contained contains=@Spell

syn keyword tabulaTodo contained TODO FIXME XXX
syn match tabulaComment excludenl /#.*$/ contains=tabulaTodo,@Spell

" Calls (`count(line)`, no blank before '(') and parentheses may span lines; an unclosed
" '(' stops at the next ';', '{' or '}', which can never stand inside one.
syn cluster tabulaGroupBody contains=tabulaInvalid,tabulaIdentifier,tabulaConstant,tabulaPlayer,tabulaNumber,tabulaOperator,tabulaDelimiter,tabulaConditional,tabulaLogical,tabulaString,tabulaTripleString,tabulaComment,tabulaContinuation,tabulaParens,tabulaCall
syn region tabulaParens matchgroup=tabulaParen start=/(/ end=/)/ end=/\ze[;{}]/ contained contains=@tabulaGroupBody
syn region tabulaCall matchgroup=tabulaFunction start=/\%(\%(if\|and\|or\|not\)\%(\w\|-\w\)\@!\)\@!\h\w*\%(-\w\+\)*(/he=e-1 matchgroup=tabulaParen end=/)/ end=/\ze[;{}]/ contained contains=@tabulaGroupBody

syn cluster tabulaBody contains=@tabulaGroupBody,tabulaArgName

" Statements end at the line end. A contained item whose pattern matches the line end
" makes the statement go on to the next line (:help syn-excludenl): so does the '\' of
" tabulaContinuation, on purpose; comments and strings that reach the line end say
" excludenl so that they do not.
syn region tabulaStatement matchgroup=tabulaKeyword start=/\%(\%(if\|and\|or\|not\)\%(\w\|-\w\)\@!\)\@!\h\w*\%(-\w\+\)*/ matchgroup=tabulaBlock end=/;\|{\|\ze}\|$/ contains=@tabulaBody
" A line that starts with something other than a name (a syntax error, such as `42 x` or
" `if x`) is highlighted like a statement's arguments, with no keyword.
syn region tabulaBadStatement start=/\%([^ \t#;{}a-zA-Z_]\|\%(if\|and\|or\|not\)\%(\w\|-\w\)\@!\)\@=/ matchgroup=tabulaBlock end=/;\|{\|\ze}\|$/ contains=@tabulaBody
syn match tabulaBlock /[{};]/
" A '\' with only blanks after it continues the statement. Defined after the statements
" so that a lone one at the top level is a continuation too.
syn match tabulaContinuation /\\\ze[ \t]*$/

hi def link tabulaComment Comment
hi def link tabulaTodo Todo
hi def link tabulaKeyword Statement
hi def link tabulaString String
hi def link tabulaTripleString String
hi def link tabulaEscape SpecialChar
hi def link tabulaBadEscape Error
hi def link tabulaNumber Number
hi def link tabulaConstant Constant
hi def link tabulaPlayer Constant
hi def link tabulaArgName Identifier
hi def link tabulaAssign Operator
hi def link tabulaOperator Operator
hi def link tabulaLogical Operator
hi def link tabulaConditional Conditional
hi def link tabulaFunction Function
hi def link tabulaParen Delimiter
hi def link tabulaDelimiter Delimiter
hi def link tabulaBlock Delimiter
hi def link tabulaContinuation Special
hi def link tabulaInvalid Error

let b:current_syntax = 'tabula'
let &cpo = s:cpo_save
unlet s:cpo_save
