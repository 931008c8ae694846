// Runs a headless Vim with tools/editors/vim first on its 'runtimepath' and no user
// configuration, as a user who installed the plugin would have it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const VIM_PLUGIN_DIR = path.resolve(here, '../vim');

export function makeTempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-editors-'));
}

// Runs vim with `commands` (Ex commands, in order) after loading filetype detection,
// plugins and syntax, in `cwd`. Throws with Vim's output if it fails or hangs.
export function runVim(commands, { cwd = process.cwd(), vars = {} } = {}) {
  const args = ['-N', '-u', 'NONE', '-i', 'NONE', '-n', '-es',
    '--cmd', `set rtp^=${VIM_PLUGIN_DIR.replace(/[ ,\\]/g, '\\$&')}`,
    '--cmd', 'filetype plugin on', '--cmd', 'syntax on'];
  for (const [name, value] of Object.entries(vars)) args.push('--cmd', `let g:${name} = ${JSON.stringify(value)}`);
  for (const c of commands) args.push('-c', c);
  args.push('-c', 'qall!');
  const r = spawnSync('vim', args, { cwd, encoding: 'utf8', timeout: 60000 });
  if (r.error) throw new Error(`vim: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`vim exited with ${r.status}:\n${r.stdout}${r.stderr}`);
  return r;
}

// Classes and syntax groups of every character of `files` (see vim_classes.vim).
export function vimClasses(files, { cwd } = {}) {
  const dir = makeTempDir();
  try {
    const list = path.join(dir, 'files.json');
    const out = path.join(dir, 'out.json');
    fs.writeFileSync(list, JSON.stringify(files));
    runVim([`exe 'source ' . fnameescape(${JSON.stringify(path.join(here, 'vim_classes.vim'))})`], { cwd, vars: { tabula_list: list, tabula_out: out } });
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The quickfix list as [file, line, column, type, text, valid] rows.
export const DUMP_QUICKFIX = (out) =>
  `call writefile([json_encode(map(getqflist(), {_, e -> [bufname(e.bufnr), e.lnum, e.col, e.type, e.text, e.valid]}))], ${JSON.stringify(out)})`;
