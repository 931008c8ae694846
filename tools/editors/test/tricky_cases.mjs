// Hand-written expectations for the lines where a highlighter most easily goes wrong. Each
// case is a small rules text with, under every line, the class of every character
// (c comment, s string, n number, k statement keyword, . other), and optionally exact
// scopes (TextMate) and syntax groups (Vim) for some tokens: [line, column from 1, length,
// expected innermost TextMate scope, expected Vim group].
export const TRICKY_CASES = [
  {
    name: 'triple-quoted diagram spans lines and keeps # and " verbatim',
    lines: [
      ['setup {',               'kkkkk..'],
      ['  diagram """',         '..kkkkkkk.sss'],
      ['    B - "x" # W',       'sssssssssssssss'],
      ['    - 12 -',            'ssssssssss'],
      ['    """ # done',        'sssssss.cccccc'],
      ['}',                     '.'],
      ['piece stone',           'kkkkk......'],
    ],
    tokens: [[2, 11, 3, 'punctuation.definition.string.begin.tabula-rules', 'tabulaTripleString']],
  },
  {
    name: 'a \\ at the end of a line continues the statement (blanks may follow it)',
    lines: [
      ['win mover if connected(mover) \\',    'kkk............................'],
      ['    and count(mover) > 1',            '.......................n'],
      ['offer stop if a \\   ',               'kkkkk...............'],
      ['  and b',                             '.......'],
      ['piece stone',                         'kkkkk......'],
      ['win mover if a \\ and b',             'kkk...................'],
      ['draw if 1',                           'kkkk....n'],
      ['promote pawn to=crown \\',          'kkkkkkk................'],
      ['    in=far ends-capture',             '.......................'],
    ],
    tokens: [[1, 31, 1, 'punctuation.separator.continuation.line.tabula-rules', 'tabulaContinuation']],
  },
  {
    name: '; separates statements; } ends the last one of a block',
    lines: [
      ['no-move pass; limit plies=1000; option repetition-draw=on',
       'kkkkkkk.......kkkkk.......nnnn..kkkkkk...................'],
      ['turn {',                  'kkkk..'],
      ['  move; place stone }',   '..kkkk..kkkkk........'],
      ['} limit plies=5',         '..kkkkk.......n'],
    ],
    tokens: [[1, 13, 1, 'punctuation.terminator.statement.tabula-rules', 'tabulaBlock']],
  },
  {
    name: 'forward-left is one name; total - 1 is a subtraction',
    lines: [
      ['step dirs=forward-left|left-2 over-kinds=a-b', 'kkkk........................................'],
      ['limit plies=total - 1',                        'kkkkk...............n'],
      ['limit plies=total-1',                          'kkkkk..............'],
      ['limit plies=2-1',                              'kkkkk.......n.n'],
    ],
    tokens: [
      [1, 11, 12, 'constant.language.tabula-rules', 'tabulaConstant'],
      [1, 24, 6, 'variable.other.tabula-rules', 'tabulaIdentifier'],
      [1, 31, 10, 'variable.parameter.tabula-rules', 'tabulaArgName'],
      [2, 13, 5, 'variable.other.tabula-rules', 'tabulaIdentifier'],
      [2, 19, 1, 'keyword.operator.arithmetic.tabula-rules', 'tabulaOperator'],
      [3, 13, 7, 'variable.other.tabula-rules', 'tabulaIdentifier'],
      [4, 14, 1, 'keyword.operator.arithmetic.tabula-rules', 'tabulaOperator'],
    ],
  },
  {
    name: '# inside a string is not a comment; escapes stay in the string',
    lines: [
      ['notation capture="#" pass="[#]" # a comment "x"', 'kkkkkkkk.........sss......sssss.ccccccccccccccc'],
      ['notation capture="a\\"#b" end="\\\\" # c',       'kkkkkkkk.........sssssss.....ssss.ccc'],
      ['notation sep="a\\qb"',                           'kkkkkkkk.....ssssss'],
    ],
    tokens: [
      [2, 20, 2, 'constant.character.escape.tabula-rules', 'tabulaEscape'],
      [3, 16, 2, 'invalid.illegal.unknown-escape.tabula-rules', 'tabulaBadEscape'],
    ],
  },
  {
    name: 'parentheses span lines, with comments inside',
    lines: [
      ['win mover if (connected(mover)     # a comment inside',   'kkk................................cccccccccccccccccc'],
      ['              and count(mover) > 1)',                     '.................................n.'],
      ['lose mover if pieces(mover) == 0',                        'kkkk...........................n'],
    ],
    tokens: [
      [1, 15, 9, 'entity.name.function.tabula-rules', 'tabulaFunction'],
      [1, 25, 5, 'variable.language.player.tabula-rules', 'tabulaPlayer'],
      [2, 15, 3, 'keyword.operator.logical.tabula-rules', 'tabulaLogical'],
      [2, 32, 1, 'keyword.operator.comparison.tabula-rules', 'tabulaOperator'],
      [3, 12, 2, 'keyword.control.conditional.tabula-rules', 'tabulaConditional'],
    ],
  },
  {
    name: 'numbers versus names with digits, ranges and alternatives',
    lines: [
      ['  shape 9: mark step(a1..h8|c3)',  '..kkkkk.n......................'],
      ['x v=-1..3 cells=a1..a8|h1..h8',    'k....n..n....................'],
      ['limit plies=3x',                   'kkkkk.......n.'],
    ],
    tokens: [
      [2, 7, 2, 'keyword.operator.range.tabula-rules', 'tabulaOperator'],
      [2, 23, 1, 'keyword.operator.alternative.tabula-rules', 'tabulaOperator'],
    ],
  },
  {
    name: 'keywords are found by position, whatever the word',
    lines: [
      ['brand-new-statement x=1 { # any name opens a statement', 'kkkkkkkkkkkkkkkkkkk...n...cccccccccccccccccccccccccccc'],
      ['  black stone: b1..g1',                                  '..kkkkk..............'],
      ['  if-then x',                                            '..kkkkkkk..'],
      ['  once-per-turn',                                        '..kkkkkkkkkkkkk'],
      ['}',                                                      '.'],
      ['move stone { line dirs=all }',                           'kkkk.........kkkk...........'],
    ],
    tokens: [[2, 14, 1, 'punctuation.separator.items.tabula-rules', 'tabulaDelimiter']],
  },
  {
    name: 'lines that do not start with a name have no keyword',
    lines: [
      ['"game" "x"',     'ssssss.sss'],
      ['if x',           '....'],
      ['42 players',     'nn........'],
      ['limit @plies=1', 'kkkkk........n'],
      ['player "black',  'kkkkkk.ssssss'],
      ['piece stone',    'kkkkk......'],
    ],
    tokens: [
      [2, 1, 2, 'keyword.control.conditional.tabula-rules', 'tabulaConditional'],
      [4, 7, 1, 'invalid.illegal.character.tabula-rules', 'tabulaInvalid'],
    ],
  },
  {
    name: 'an unclosed ( stops at the next { ; or }',
    lines: [
      ['after-move {',                   'kkkkkkkkkk..'],
      ['  win mover if count(x',         '..kkk.................'],
      ['     > 2',                       '.......n'],
      ['}',                              '.'],
      ['limit plies=(3; piece stone',    'kkkkk........n..kkkkk......'],
    ],
  },
];
