// `tabula validate` output and what the editors read from it. The expectations come from
// the golden files' own `# expect-error: LINE:COL: MESSAGE` / `# expect-warning: ...`
// comments (tests/golden.hpp), which the C++ golden tests already hold the CLI to.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// One diagnostic as a comparable string.
export const key = (d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;

export function expectedDiagnostics(files) {
  const out = [];
  for (const file of files) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const m = /# expect-(error|warning): (\d+):(\d+): (.*)$/.exec(line);
      if (m) out.push({ file, line: Number(m[2]), column: Number(m[3]), severity: m[1], message: m[4] });
    }
  }
  return out;
}

// Runs `tabula validate FILES...` in `cwd` and returns what it printed on stderr (the
// diagnostics); it must exit with 1, as files with errors are among them.
export function validate(tabula, files, cwd) {
  const r = spawnSync(tabula, ['validate', ...files], { cwd, encoding: 'utf8', timeout: 120000 });
  if (r.error) throw new Error(`${tabula}: ${r.error.message}`);
  if (r.status !== 1) throw new Error(`${tabula} validate exited with ${r.status}, expected 1:\n${r.stderr}`);
  return r.stderr;
}

// Applies a VS Code problem matcher's pattern to every line of `output`, as VS Code does
// (a JavaScript regular expression, groups picked by the pattern's indices).
export function applyProblemPattern(pattern, output) {
  const re = new RegExp(pattern.regexp);
  const out = [];
  for (const line of output.split('\n')) {
    const m = re.exec(line);
    if (!m) continue;
    out.push({
      file: m[pattern.file],
      line: pattern.line ? Number(m[pattern.line]) : 0,  // a whole-file diagnostic: 0:0, as the goldens write it
      column: pattern.column ? Number(m[pattern.column]) : 0,
      severity: m[pattern.severity],
      message: m[pattern.message],
    });
  }
  return out;
}

// Quickfix rows ([file, line, column, type, text, valid], vim.mjs) as diagnostics.
export function fromQuickfix(rows) {
  const severity = { e: 'error', w: 'warning', n: 'note' };
  return rows.map(([file, line, column, type, message, valid]) => ({
    file, line, column, severity: valid ? severity[type] ?? `type '${type}'` : 'invalid entry', message,
  }));
}
