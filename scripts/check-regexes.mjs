// `npm run lint` runs this: every regular expression in the sources (literals, and RegExp(...) or
// new RegExp(...) whose arguments are known without running the code) goes through recheck, a ReDoS
// checker. It fails (exit 1) on a pattern recheck finds vulnerable, on one it cannot decide (timeout,
// unsupported syntax), and on a RegExp built at run time, unless a comment right above the pattern, or
// above the statement that holds only this pattern, proves it safe:
//   // redos-safe: <why no input can make it backtrack>   (it may go on over the comment lines below)
// Usage: node scripts/check-regexes.mjs [file or folder …]   (default: apps/ and packages/)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { pool } from "./pool.mjs";

const root = path.resolve(import.meta.dirname, "..");
const sourceFile = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const skippedFolders = new Set(["node_modules", "dist", "dist-ssr", "data", "coverage", "test-results", "backups"]);
const allowComment = /^\s*\*?\s*redos-safe:\s*(\S.*?)\s*(?:\*\/)?$/;

// The native checker ships as a per-platform package; without it, recheck's pure-JavaScript build gives the
// same answers, only slower. Java is not used even where it is installed: one backend everywhere.
if (!process.env.RECHECK_BACKEND) {
  const nativeBinary = `recheck-${process.platform === "darwin" ? "macos" : process.platform}-${process.arch}`;
  process.env.RECHECK_BACKEND = existsSync(path.join(root, "node_modules", nativeBinary)) ? "native" : "pure";
}
const { check } = await import("recheck");

function sourceFiles(target) {
  const stat = statSync(target);
  if (stat.isFile()) return sourceFile.test(target) ? [target] : [];
  return readdirSync(target, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && (skippedFolders.has(entry.name) || entry.name.startsWith("."))))
    .flatMap((entry) => sourceFiles(path.join(target, entry.name)));
}

/** Line numbers (1-based) from UTF-16 offsets, as oxc-parser gives them. */
function lineIndex(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

const isRegExpCallee = (node) =>
  (node.type === "Identifier" && node.name === "RegExp") ||
  (node.type === "MemberExpression" &&
    !node.computed &&
    node.property.name === "RegExp" &&
    node.object.type === "Identifier" &&
    ["globalThis", "window", "self"].includes(node.object.name));

/**
 * The string an expression always has, or undefined when only running the code would tell: string
 * literals, templates without substitutions, String.raw and `+` of those.
 */
function staticString(node) {
  if (!node) return undefined;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? undefined;
  if (
    node.type === "TaggedTemplateExpression" &&
    node.quasi.expressions.length === 0 &&
    node.tag.type === "MemberExpression" &&
    node.tag.object.name === "String" &&
    node.tag.property.name === "raw"
  )
    return node.quasi.quasis[0]?.value.raw;
  if (node.type === "BinaryExpression" && node.operator === "+") {
    const left = staticString(node.left);
    const right = staticString(node.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (
    node.type === "ParenthesizedExpression" ||
    node.type === "TSAsExpression" ||
    node.type === "TSSatisfiesExpression"
  )
    return staticString(node.expression);
  return undefined;
}

function children(node) {
  return Object.values(node)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value) => value && typeof value === "object" && typeof value.type === "string");
}

/** Every regular expression in one file: { line, source, flags } or { line, dynamic: code }, with its statement. */
function patternsIn(file) {
  const text = readFileSync(file, "utf8");
  const parsed = parseSync(file, text);
  if (parsed.errors.length > 0) {
    return { parseError: parsed.errors[0].message, patterns: [], allows: [] };
  }
  const lineOf = lineIndex(text);
  const patterns = [];
  const walk = (node, statement) => {
    const here = /(?:Statement|Declaration)$/.test(node.type) && node.type !== "BlockStatement" ? node : statement;
    const at = { line: lineOf(node.start), statementLine: lineOf(here?.start ?? node.start), statement: here };
    if (node.type === "Literal" && node.regex) {
      patterns.push({ ...at, source: node.regex.pattern, flags: node.regex.flags });
    } else if ((node.type === "NewExpression" || node.type === "CallExpression") && isRegExpCallee(node.callee)) {
      const [first, second] = node.arguments;
      const literal = first?.type === "Literal" && first.regex ? first.regex : undefined;
      const source = literal ? literal.pattern : staticString(first);
      const flags = second === undefined ? (literal?.flags ?? "") : staticString(second);
      if (source !== undefined && flags !== undefined) {
        if (!literal || second !== undefined) patterns.push({ ...at, source, flags });
      } else {
        patterns.push({ ...at, dynamic: text.slice(node.start, node.end).replace(/\s+/g, " ") });
      }
    }
    for (const child of children(node)) walk(child, here);
  };
  walk(parsed.program, undefined);

  // A proof may go on over the comment lines right below it: it then ends where they end.
  const commentLines = parsed.comments.map((comment) => ({
    first: lineOf(comment.start),
    last: lineOf(comment.end),
    text: comment.value.trim(),
  }));
  const allows = parsed.comments.flatMap((comment, index) => {
    const reason = comment.value
      .split("\n")
      .map((line) => line.match(allowComment)?.[1])
      .find(Boolean);
    if (!reason) return [];
    const proof = [reason];
    let line = commentLines[index].last;
    for (let next = index + 1; commentLines[next]?.first === line + 1; next++) {
      proof.push(commentLines[next].text);
      line = commentLines[next].last;
    }
    return [{ line, reason: proof.join(" "), used: false }];
  });
  const perStatement = new Map();
  for (const pattern of patterns) perStatement.set(pattern.statement, (perStatement.get(pattern.statement) ?? 0) + 1);
  for (const pattern of patterns) {
    const allow = allows.find(
      (candidate) =>
        candidate.line === pattern.line - 1 ||
        (candidate.line === pattern.statementLine - 1 && perStatement.get(pattern.statement) === 1),
    );
    if (allow) {
      allow.used = true;
      pattern.allowed = allow.reason;
    }
    delete pattern.statement;
  }
  return { patterns, allows };
}

const verdictOf = (diagnostics) => {
  if (diagnostics.status === "vulnerable")
    return `vulnerable, ${diagnostics.complexity.summary}; attack string: ${diagnostics.attack.pattern}`;
  if (diagnostics.status === "unknown")
    return `unknown (${diagnostics.error.kind}${diagnostics.error.message ? `: ${diagnostics.error.message}` : ""})`;
  return `safe, ${diagnostics.complexity.summary}`;
};

const started = performance.now();
const targets =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["apps", "packages"].map((d) => path.join(root, d));
const files = targets.flatMap((target) => sourceFiles(path.resolve(target)));
const problems = [];
const found = [];
for (const file of files) {
  const name = path.relative(process.cwd(), file);
  const { patterns, allows, parseError } = patternsIn(file);
  if (parseError) problems.push(`${name}: cannot be parsed, so its patterns are unchecked: ${parseError}`);
  for (const pattern of patterns) found.push({ ...pattern, where: `${name}:${pattern.line}` });
  for (const allow of allows.filter((candidate) => !candidate.used))
    problems.push(`${name}:${allow.line}: a redos-safe comment stands above no regular expression`);
}

const distinct = new Map();
for (const pattern of found.filter((p) => p.dynamic === undefined))
  distinct.set(`${pattern.flags}/${pattern.source}`, pattern);
// One check per core at a time: recheck's time limit is wall-clock time, so checks that crowd each other
// out would time out on a busy machine. One that still does is tried again alone with a longer limit.
const verdicts = new Map(
  await pool([...distinct.entries()], availableParallelism(), async ([key, pattern]) => [
    key,
    await check(pattern.source, pattern.flags, { timeout: 20_000 }),
  ]),
);
for (const [key, pattern] of distinct) {
  if (verdicts.get(key).error?.kind === "timeout")
    verdicts.set(key, await check(pattern.source, pattern.flags, { timeout: 60_000 }));
}

const allowed = [];
for (const pattern of found) {
  const diagnostics = pattern.dynamic === undefined ? verdicts.get(`${pattern.flags}/${pattern.source}`) : undefined;
  const shown = pattern.dynamic ?? `/${pattern.source}/${pattern.flags}`;
  const verdict = diagnostics ? verdictOf(diagnostics) : "built at run time";
  if (diagnostics?.status === "safe") continue;
  if (pattern.allowed) allowed.push(`${pattern.where}: ${shown} — ${verdict}; redos-safe: ${pattern.allowed}`);
  else problems.push(`${pattern.where}: ${shown}\n    ${verdict}`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const builtAtRunTime = found.filter((pattern) => pattern.dynamic !== undefined).length;
for (const line of allowed) console.log(`allowed  ${line}`);
for (const line of problems) console.log(`REDOS    ${line}`);
const outcome =
  problems.length === 0 ? "none vulnerable" : `${problems.length} to fix or prove safe (// redos-safe: why)`;
console.log(
  `check-regexes: ${found.length} regular expressions (${distinct.size} distinct patterns, ${builtAtRunTime} built at run time) in ${files.length} files, ${process.env.RECHECK_BACKEND} recheck, ${seconds} s: ${outcome}`,
);
process.exit(problems.length === 0 ? 0 : 1);
