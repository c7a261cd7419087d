#!/usr/bin/env node
// Keeps the web's languages complete (docs/hindi-glossary.md, "Keeping it complete"):
// - every namespace file of English exists in every other language, with the same keys (plural
//   forms count as their base key: a language has the plural forms its grammar needs), and no keys
//   English does not have;
// - no component renders a hard-coded user-facing string: JSX text with letters, or a literal
//   aria-label, alt, title or placeholder. Such text must come from the locales (t('…')).
// `node scripts/check-i18n.mjs` checks the repository and exits 1 with the list of problems.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const TEXT_ATTRIBUTES = new Set(['aria-label', 'alt', 'title', 'placeholder', 'aria-description']);
// Letters of any script: punctuation, digits, symbols (₹, ·, /) and spaces alone are not text.
const HAS_LETTER = /\p{L}/u;

/** Every key of a JSON tree as 'a.b.c'; an array's items are one key (their count may differ). */
function flatKeys(value, prefix = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

const baseKeys = (json) => new Set(flatKeys(json).map((key) => key.replace(PLURAL_SUFFIX, '')));

/**
 * The problems of a locales folder (`<dir>/<language>/<namespace>.json`) against its reference
 * language: missing files, missing keys, keys the reference does not have.
 */
export function checkLocaleKeys(localesDir, reference = 'en') {
  const problems = [];
  const languages = fs.readdirSync(localesDir).filter((d) => fs.statSync(path.join(localesDir, d)).isDirectory());
  const read = (lng, file) => JSON.parse(fs.readFileSync(path.join(localesDir, lng, file), 'utf8'));
  const referenceFiles = fs.readdirSync(path.join(localesDir, reference)).filter((f) => f.endsWith('.json'));
  for (const lng of languages.filter((l) => l !== reference)) {
    const files = new Set(fs.readdirSync(path.join(localesDir, lng)).filter((f) => f.endsWith('.json')));
    for (const file of files) {
      if (!referenceFiles.includes(file)) problems.push(`${lng}/${file}: a namespace ${reference} does not have`);
    }
    for (const file of referenceFiles) {
      if (!files.has(file)) {
        problems.push(`${lng}/${file}: missing (every key of ${reference}/${file})`);
        continue;
      }
      const want = baseKeys(read(reference, file));
      const have = baseKeys(read(lng, file));
      for (const key of want) if (!have.has(key)) problems.push(`${lng}/${file}: missing key ${key}`);
      for (const key of have) if (!want.has(key)) problems.push(`${lng}/${file}: key ${key} is not in ${reference}/${file}`);
    }
  }
  return problems;
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    // Tests and their helpers (*-testing.tsx) render what a test needs, not what a person reads.
    return /\.tsx$/.test(entry.name) && !/(\.test|-testing)\.tsx$/.test(entry.name) ? [full] : [];
  });
}

/** Hard-coded user-facing strings in the .tsx files under `srcDir` (tests aside), as 'file:line: text'. */
export function findHardCodedStrings(srcDir) {
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (node, text) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      problems.push(`${path.relative(srcDir, file)}:${line + 1}: ${text.trim().replace(/\s+/g, ' ').slice(0, 80)}`);
    };
    const visit = (node) => {
      if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text);
      if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
        const init = node.initializer;
        const literal = ts.isStringLiteral(init)
          ? init
          : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression
            : null;
        if (literal && HAS_LETTER.test(literal.text)) report(node, `${node.name.getText(source)}="${literal.text}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
  const problems = [
    ...checkLocaleKeys(path.join(web, 'locales')).map((p) => `locales/${p}`),
    ...findHardCodedStrings(web).map((p) => `hard-coded text: ${p}`),
  ];
  for (const problem of problems) console.error(problem);
  console.log(problems.length ? `${problems.length} i18n problems` : 'i18n: every language complete, no hard-coded text');
  process.exitCode = problems.length ? 1 : 0;
}
