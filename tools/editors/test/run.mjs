// The editor support test (tools/editors/test-grammar runs it): the TextMate grammar and the
// Vim syntax file against a reference lexer on every shipped rules file and on hand-written
// tricky lines, and the VS Code problem matcher and the Vim compiler file against real
// `tabula validate` output.
//   node run.mjs --tabula PATH/TO/tabula
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { applyProblemPattern, expectedDiagnostics, fromQuickfix, key, validate } from './diagnostics.mjs';
import { classify as referenceClasses } from '../../web/rules_lexer.mjs';
import { classify as textmateClasses, loadGrammar, tokenize } from './textmate_classes.mjs';
import { TRICKY_CASES } from './tricky_cases.mjs';
import { DUMP_QUICKFIX, makeTempDir, runVim, vimClasses } from './vim.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const editors = path.resolve(here, '..');
const root = path.resolve(editors, '../..');

const tabulaArg = process.argv.indexOf('--tabula');
if (tabulaArg < 0 || !process.argv[tabulaArg + 1]) {
  console.error('usage: node run.mjs --tabula PATH/TO/tabula');
  process.exit(2);
}
const tabula = path.resolve(process.argv[tabulaArg + 1]);

// --- helpers -------------------------------------------------------------------------

// The lines of a file as an editor shows them (no empty line after a final newline).
function editorLines(text) {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

function withoutFinalNewline(text) {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

// Every line whose classes differ, shown with the source and both class lines (around the
// first difference, for long lines).
function compareClasses(lines, expected, actual, what) {
  const problems = [];
  if (actual.length !== lines.length) problems.push(`${what} gave ${actual.length} lines, the file has ${lines.length}`);
  for (let i = 0; i < lines.length; ++i) {
    if (expected[i] === actual[i]) continue;
    const a = expected[i] ?? '';
    const b = actual[i] ?? '';
    let col = 0;
    while (col < a.length && a[col] === b[col]) ++col;
    const from = Math.max(0, col - 60);
    const clip = (s) => Array.from(s).slice(from, from + 120).join('');
    problems.push(`line ${i + 1}, column ${col + 1}${from > 0 ? ` (shown from column ${from + 1})` : ''}:\n` +
      `    source    ${clip(lines[i])}\n    expected  ${clip(a)}\n    ${what.padEnd(9)} ${clip(b)}`);
  }
  return problems;
}

function listFiles(dir, suffix) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p, suffix));
    else if (e.name.endsWith(suffix)) out.push(p);
  }
  return out.sort();
}

function compareDiagnostics(expected, actual) {
  const want = expected.map(key).sort();
  const got = actual.map(key).sort();
  const missing = want.filter((k) => !got.includes(k));
  const extra = got.filter((k) => !want.includes(k));
  if (want.length !== got.length && missing.length === 0 && extra.length === 0) return [`expected ${want.length} entries, got ${got.length}`];
  return [...missing.map((k) => `missing: ${k}`), ...extra.map((k) => `unexpected: ${k}`)];
}

// --- the tests -----------------------------------------------------------------------

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// Every rules file of the project a person reads or edits: the games, the golden
// diagnostics and the test data. (tests/fuzz/regressions holds machine-made stress inputs,
// such as 20000 nested parentheses, which are not rules anyone edits.)
const ruleDirs = ['rules', 'tests/golden', 'tests/data'];
const ruleFiles = ruleDirs.flatMap((d) => listFiles(path.join(root, d), '.rules')).map((f) => path.relative(root, f));

test('shipped rules files are found', () => {
  const problems = [];
  for (const d of ['rules', 'tests/golden/rules', 'tests/golden/syntax']) {
    if (!ruleFiles.some((f) => f.startsWith(d + '/'))) problems.push(`no .rules file found in ${d}`);
  }
  return problems;
});

const grammarPath = path.join(editors, 'tabula-rules.tmLanguage.json');
const grammar = await loadGrammar(grammarPath);

const trickyText = (c) => c.lines.map(([src]) => src).join('\n');

test('tricky cases are well formed', () => TRICKY_CASES.flatMap((c) =>
  c.lines.filter(([src, cls]) => Array.from(src).length !== cls.length)
    .map(([src]) => `${c.name}: the class line of '${src}' has the wrong length`)));

for (const c of TRICKY_CASES) {
  const lines = c.lines.map(([src]) => src);
  const expected = c.lines.map(([, cls]) => cls);
  test(`reference lexer, tricky: ${c.name}`, () => compareClasses(lines, expected, referenceClasses(trickyText(c)), 'reference'));
  test(`textmate, tricky: ${c.name}`, () => {
    const problems = compareClasses(lines, expected, textmateClasses(grammar, trickyText(c)), 'textmate');
    const tokens = tokenize(grammar, trickyText(c));
    for (const [line, column, length, scope] of c.tokens ?? []) {
      const src = lines[line - 1];
      const text = src.slice(column - 1, column - 1 + length);
      let offset = 0;
      const token = tokens[line - 1].find((t) => { const at = offset; offset += t.text.length; return at === column - 1; });
      if (!token || token.text !== text) problems.push(`line ${line}: no token '${text}' at column ${column} (tokens: ${tokens[line - 1].map((t) => `'${t.text}'`).join(' ')})`);
      else if (token.scopes.at(-1) !== scope) problems.push(`line ${line}: '${text}' has scopes ${token.scopes.join(' ')}, expected innermost ${scope}`);
    }
    return problems;
  });
}

for (const file of ruleFiles) {
  test(`textmate: ${file}`, () => {
    const text = withoutFinalNewline(fs.readFileSync(path.join(root, file), 'utf8'));
    return compareClasses(text.split('\n'), referenceClasses(text), textmateClasses(grammar, text), 'textmate');
  });
}

// Vim: all files in one headless run (the tricky cases written to a temporary folder).
const vimDir = makeTempDir();
const trickyFiles = TRICKY_CASES.map((c, i) => {
  const f = path.join(vimDir, `tricky-${i}.rules`);
  fs.writeFileSync(f, trickyText(c) + '\n');
  return f;
});
let vimResult = null;
let vimError = null;
try {
  vimResult = vimClasses([...ruleFiles, ...trickyFiles], { cwd: root });
} catch (e) {
  vimError = e.message;
}
const vimFile = (file) => {
  if (vimError) return { problems: [vimError] };
  const r = vimResult[file];
  if (!r) return { problems: [`vim wrote nothing for ${file}`] };
  if (r.filetype !== 'tabula') return { problems: [`vim gave ${file} the filetype '${r.filetype}', not tabula (vim/ftdetect)`] };
  return { problems: [], ...r };
};

TRICKY_CASES.forEach((c, i) => {
  test(`vim, tricky: ${c.name}`, () => {
    const r = vimFile(trickyFiles[i]);
    if (r.problems.length) return r.problems;
    const lines = c.lines.map(([src]) => src);
    const problems = compareClasses(lines, c.lines.map(([, cls]) => cls), r.classes, 'vim');
    for (const [line, column, length, , group] of c.tokens ?? []) {
      const chars = Array.from(lines[line - 1]);
      const got = r.groups[line - 1].slice(column - 1, column - 1 + length);
      const text = chars.slice(column - 1, column - 1 + length).join('');
      if (got.length !== length || got.some((g) => g !== group)) problems.push(`line ${line}: '${text}' has groups ${got.join(' ')}, expected ${group}`);
    }
    return problems;
  });
});

for (const file of ruleFiles) {
  test(`vim: ${file}`, () => {
    const r = vimFile(file);
    if (r.problems.length) return r.problems;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    return compareClasses(editorLines(text), referenceClasses(withoutFinalNewline(text)), r.classes, 'vim');
  });
}

// --- diagnostics: the VS Code problem matcher and the Vim compiler file -----------------

// The golden files that carry everything `validate` says of them. tests/golden/syntax holds
// fragments whose goldens pin the parser's errors alone (validate also checks what parsed:
// a fragment names no board), and rules/ holds files with syntax errors among the rest.
const goldenFiles = [
  ...['rules', 'warnings'].flatMap((d) => listFiles(path.join(root, 'tests/golden', d), '.rules')),
  ...listFiles(path.join(root, 'tests/golden/boards'), '.yaml'),
].map((f) => path.relative(root, f));
// Notes point at a related place; no golden comment names them, so one is written here.
const NOTE = { file: 'tests/golden/boards/duplicate_cell.yaml', line: 3, column: 13, severity: 'note', message: "'a' was first defined here" };
const expected = [...expectedDiagnostics(goldenFiles.map((f) => path.join(root, f))).map((d) => ({ ...d, file: path.relative(root, d.file) }))];

let validateOutput = null;
let validateError = null;
try {
  validateOutput = validate(tabula, goldenFiles, root);
} catch (e) {
  validateError = e.message;
}

const manifest = JSON.parse(fs.readFileSync(path.join(editors, 'vscode/package.json'), 'utf8'));
const matcher = (manifest.contributes?.problemMatchers ?? []).find((m) => m.name === 'tabula');
// Diagnostics about a whole file (`FILE: error: MESSAGE`, no line) have their own matcher.
const fileMatcher = (manifest.contributes?.problemMatchers ?? []).find((m) => m.name === 'tabula-file');

test(`vscode problem matcher reads the validate output of ${goldenFiles.length} golden files`, () => {
  if (validateError) return [validateError];
  if (!matcher) return ['vscode/package.json contributes no problem matcher named tabula'];
  if (!fileMatcher) return ['vscode/package.json contributes no problem matcher named tabula-file'];
  const got = [...applyProblemPattern(matcher.pattern, validateOutput), ...applyProblemPattern(fileMatcher.pattern, validateOutput)];
  const notes = got.filter((d) => d.severity === 'note');
  const problems = compareDiagnostics(expected, got.filter((d) => d.severity !== 'note'));
  if (!notes.some((d) => key(d) === key(NOTE))) problems.push(`missing: ${key(NOTE)}`);
  if (expected.length < 50) problems.push(`only ${expected.length} expected diagnostics: the golden files were not read`);
  return problems;
});

test('vim errorformat (compiler/tabula.vim) reads the same output', () => {
  if (validateError) return [validateError];
  const dir = makeTempDir();
  try {
    const outputFile = path.join(dir, 'validate.txt');
    const qf = path.join(dir, 'qf.json');
    fs.writeFileSync(outputFile, validateOutput);
    runVim(['compiler tabula', `exe 'cgetfile ' . fnameescape(${JSON.stringify(outputFile)})`, DUMP_QUICKFIX(qf)], { cwd: root });
    const got = fromQuickfix(JSON.parse(fs.readFileSync(qf, 'utf8')));
    const problems = compareDiagnostics(expected, got.filter((d) => d.severity !== 'note'));
    if (!got.some((d) => key(d) === key(NOTE))) problems.push(`missing: ${key(NOTE)}`);
    return problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('vim :make on a rules file lists its diagnostics (ftplugin sets the compiler)', () => {
  const dir = makeTempDir();
  try {
    const file = 'tests/golden/rules/movement_errors.rules';
    const qf = path.join(dir, 'qf.json');
    const info = path.join(dir, 'info.json');
    runVim([`edit ${file}`, 'silent make!', DUMP_QUICKFIX(qf),
      `call writefile([json_encode([&filetype, &makeprg])], ${JSON.stringify(info)})`],
    { cwd: root, vars: { tabula_program: tabula } });
    const [filetype, makeprg] = JSON.parse(fs.readFileSync(info, 'utf8'));
    const problems = [];
    if (filetype !== 'tabula') problems.push(`filetype '${filetype}', expected tabula`);
    if (!makeprg.includes('validate')) problems.push(`makeprg '${makeprg}' does not run tabula validate`);
    const got = fromQuickfix(JSON.parse(fs.readFileSync(qf, 'utf8')));
    problems.push(...compareDiagnostics(expected.filter((d) => d.file === file), got));
    return problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('vim ftdetect leaves system udev rules alone', () => {
  const dir = makeTempDir();
  try {
    const info = path.join(dir, 'ft.json');
    runVim(['edit /etc/udev/rules.d/99-tabula-editor-test.rules', `call writefile([&filetype], ${JSON.stringify(info)})`]);
    const [filetype] = fs.readFileSync(info, 'utf8').split('\n');
    return filetype === 'udevrules' ? [] : [`filetype '${filetype}', expected udevrules`];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('vscode extension manifest, grammar and language configuration agree', () => {
  const problems = [];
  const rawGrammar = fs.readFileSync(grammarPath, 'utf8');
  const grammarJson = JSON.parse(rawGrammar);
  const lang = manifest.contributes?.languages?.[0] ?? {};
  const contributed = manifest.contributes?.grammars?.[0] ?? {};
  if (!(lang.extensions ?? []).includes('.rules')) problems.push('the language does not claim .rules files');
  if (contributed.language !== lang.id) problems.push(`the grammar is for language '${contributed.language}', not '${lang.id}'`);
  if (contributed.scopeName !== 'source.tabula-rules' || grammarJson.scopeName !== 'source.tabula-rules') problems.push('scope names differ from source.tabula-rules');
  const shipped = path.join(editors, 'vscode', contributed.path ?? '');
  if (!fs.existsSync(shipped) || fs.readFileSync(shipped, 'utf8') !== rawGrammar) problems.push(`${contributed.path} is not tabula-rules.tmLanguage.json`);
  const config = JSON.parse(fs.readFileSync(path.join(editors, 'vscode', lang.configuration ?? ''), 'utf8'));
  if (config.comments?.lineComment !== '#') problems.push('the line comment is not #');
  const word = new RegExp(`^(?:${config.wordPattern})$`);
  if (!word.test('forward-left') || word.test('a - b')) problems.push('the word pattern does not take forward-left as one word');
  const tasks = JSON.parse(fs.readFileSync(path.join(editors, 'vscode/tasks.example.json'), 'utf8'));
  const wanted = JSON.stringify([`$${matcher?.name}`, `$${fileMatcher?.name}`]);
  for (const t of tasks.tasks)
    if (JSON.stringify(t.problemMatcher) !== wanted) problems.push(`task '${t.label}' does not use $tabula and $tabula-file`);
  return problems;
});

// --- run -----------------------------------------------------------------------------

let passed = 0;
let failed = 0;
for (const t of tests) {
  let problems;
  try {
    problems = t.fn();
  } catch (e) {
    problems = [`threw: ${e.stack ?? e}`];
  }
  if (problems.length === 0) {
    ++passed;
  } else {
    ++failed;
    console.log(`not ok - ${t.name}`);
    for (const p of problems.slice(0, 20)) console.log(`  ${p.replaceAll('\n', '\n  ')}`);
    if (problems.length > 20) console.log(`  ... and ${problems.length - 20} more`);
  }
}
fs.rmSync(vimDir, { recursive: true, force: true });
console.log(`editor grammar: ${ruleFiles.length} rules files, ${TRICKY_CASES.length} tricky cases, ${expected.length} golden diagnostics`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
