// A small hand-written lexer for the four token classes the editor grammars must get right:
// comments, strings, numbers and statement keywords. It follows interpreter/lang/grammar.hpp
// (docs/LANGUAGE.md, "Syntax") character by character, independently of the regular
// expressions of the TextMate grammar and of the Vim syntax file, so the test can compare
// them with it on every line of every shipped rules file (tools/editors/test-grammar). The
// web board's page highlights the rules text with it (board.js imports it), so the page
// marks what the editors mark.
//
// classify(text) returns one string per line, one class letter per character (code point):
//   c comment, s string, n number, k statement keyword, . anything else (blanks included).
//
// Where the parser would report a syntax error, the lexer makes the same recovery choices
// the grammars document: an unterminated "string" stops at its line end, an unterminated
// """string""" runs to the end of the file, an unclosed '(' stops at the next ';', '{' or
// '}', and a line that starts with something other than a name has no keyword.

const RESERVED = new Set(['if', 'and', 'or', 'not']);

const isBlank = (ch) => ch === ' ' || ch === '\t' || ch === '\r';
const isIdentFirst = (ch) => /^[A-Za-z_]$/.test(ch);
const isIdentChar = (ch) => /^[A-Za-z0-9_]$/.test(ch);
const isDigit = (ch) => ch >= '0' && ch <= '9';

// Length of the identifier starting at chars[i] (letters, digits, '_', and inner dashes
// each followed by at least one letter or digit), 0 if none starts there.
function identifierLength(chars, i) {
  if (!isIdentFirst(chars[i] ?? '')) return 0;
  let j = i + 1;
  while (j < chars.length && isIdentChar(chars[j])) ++j;
  while (chars[j] === '-' && isIdentChar(chars[j + 1] ?? '')) {
    j += 2;
    while (j < chars.length && isIdentChar(chars[j])) ++j;
  }
  return j - i;
}

// A '\' followed by blanks only, up to the line end.
function isContinuation(chars, i) {
  if (chars[i] !== '\\') return false;
  for (let j = i + 1; j < chars.length; ++j) if (!isBlank(chars[j])) return false;
  return true;
}

export function classify(text) {
  const lines = text.split('\n');
  const out = [];
  let inStatement = false;  // between a statement's first token and its end
  let parenDepth = 0;       // open '(' of the current statement (calls and groupings)
  let inTriple = false;     // inside a """...""" string

  for (const line of lines) {
    const chars = Array.from(line);
    const cls = new Array(chars.length).fill('.');
    const mark = (from, to, c) => { for (let k = from; k < to; ++k) cls[k] = c; };
    let continued = false;
    let i = 0;
    while (i < chars.length) {
      if (inTriple) {
        let j = i;
        while (j < chars.length && !(chars[j] === '"' && chars[j + 1] === '"' && chars[j + 2] === '"')) ++j;
        if (j < chars.length) { mark(i, j + 3, 's'); i = j + 3; inTriple = false; }
        else { mark(i, chars.length, 's'); i = chars.length; }
        continue;
      }
      const ch = chars[i];
      if (isBlank(ch)) { ++i; continue; }
      if (ch === '#') { mark(i, chars.length, 'c'); break; }
      if (isContinuation(chars, i)) { continued = true; break; }
      if (!inStatement) {
        if (ch === ';' || ch === '{' || ch === '}') { ++i; continue; }
        const n = identifierLength(chars, i);
        inStatement = true;
        if (n > 0 && !RESERVED.has(chars.slice(i, i + n).join(''))) { mark(i, i + n, 'k'); i += n; }
        continue;  // anything else starts a statement without a keyword
      }
      // Inside a statement.
      if (ch === ';' || ch === '{' || ch === '}') {
        parenDepth = 0;
        inStatement = false;
        if (ch !== '}') ++i;  // '}' is left to close the block
        continue;
      }
      if (ch === '"') {
        if (chars[i + 1] === '"' && chars[i + 2] === '"') { mark(i, i + 3, 's'); i += 3; inTriple = true; continue; }
        let j = i + 1;
        while (j < chars.length && chars[j] !== '"') j += chars[j] === '\\' && j + 1 < chars.length ? 2 : 1;
        if (j < chars.length) ++j;  // the closing quote
        mark(i, j, 's');
        i = j;
        continue;
      }
      const n = identifierLength(chars, i);
      if (n > 0) { i += n; continue; }
      if (isDigit(ch)) {
        let j = i;
        while (j < chars.length && isDigit(chars[j])) ++j;
        mark(i, j, 'n');
        i = j;
        continue;
      }
      if (ch === '(') ++parenDepth;
      else if (ch === ')' && parenDepth > 0) --parenDepth;
      ++i;
    }
    if (inStatement && !continued && !inTriple && parenDepth === 0) inStatement = false;
    out.push(cls.join(''));
  }
  return out;
}
