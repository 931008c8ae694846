// Tokenizes text with the TextMate grammar through vscode-textmate and vscode-oniguruma (the
// engine VS Code itself uses) and reduces each character's scopes to the reference lexer's
// classes (tools/web/rules_lexer.mjs): c comment, s string, n number, k statement keyword, . other.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

// The innermost scope that names one of the four classes decides (an escape inside a
// string is still string; a comment's '#' is comment).
export function classOfScopes(scopes) {
  for (let k = scopes.length - 1; k >= 0; --k) {
    const s = scopes[k];
    if (s.startsWith('comment.')) return 'c';
    if (s.startsWith('string.')) return 's';
    if (s.startsWith('constant.numeric.')) return 'n';
    if (s.startsWith('keyword.other.statement.')) return 'k';
  }
  return '.';
}

export async function loadGrammar(grammarPath) {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.tabula-rules') return null;
      return vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath);
    },
  });
  const grammar = await registry.loadGrammar('source.tabula-rules');
  if (!grammar) throw new Error(`${grammarPath}: vscode-textmate did not load the grammar`);
  return grammar;
}

// Every line's tokens: [{text, scopes}], in order.
export function tokenize(grammar, text) {
  let stack = vsctm.INITIAL;
  const out = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, stack, 0);
    if (r.stoppedEarly) throw new Error(`tokenizing stopped early on: ${line}`);
    out.push(r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes })));
    stack = r.ruleStack;
  }
  return out;
}

// One class letter per code point of every line, as rules_lexer.classify does.
export function classify(grammar, text) {
  return tokenize(grammar, text).map((tokens) =>
    tokens.map((t) => classOfScopes(t.scopes).repeat(Array.from(t.text).length)).join(''));
}
