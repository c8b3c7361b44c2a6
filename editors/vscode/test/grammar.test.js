// Tokenizes board and rules files with the extension's TextMate grammars,
// as VS Code does (vscode-textmate on vscode-oniguruma), and holds the
// scope of every word to what `hatchway lsp` says the word is: its
// semantic tokens, the language's own reading of the file.
//
//   node grammar.test.js TOKENS.json
//
// TOKENS.json is a list of {"path", "tokens": [{"line", "start", "length",
// "kind"}]}, lines and columns from 0 in UTF-16 units, kinds the server's
// legend (keyword, enumMember, variable, function, number, string,
// comment). tests/suite/editors.rs writes it from the server and runs
// this. Exits 1 with the words scoped wrong, or when no word was checked.

"use strict";

const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const SYNTAXES = path.join(__dirname, "..", "syntaxes");
const GRAMMARS = {
  "source.hatchway": "hatchway.tmLanguage.json",
  "source.hatchway.board": "hatchway-board.tmLanguage.json",
  "source.hatchway.rules": "hatchway-rules.tmLanguage.json",
};
// Each file kind is coloured by its language's grammar, as VS Code picks
// them by extension.
const SCOPE_OF_EXTENSION = {
  ".board": "source.hatchway.board",
  ".rules": "source.hatchway.rules",
};

// What a word of each kind must be scoped as: the prefix of the innermost
// scope over it (README.md lists the scopes).
const STATE = "variable.other.enummember.state.hatchway";
const ITEM = "variable.other.readwrite.item.hatchway";
const ACTION = "entity.name.function.action.hatchway";
// A name that only the declarations elsewhere in the file can tell apart:
// `say grog: "Grog"` says an item, a state or an action alike.
const NAME = "variable.other.name.hatchway";
const NAMES = [STATE, ITEM, ACTION, NAME];
const EXPECTED = {
  keyword: ["keyword."],
  enumMember: [STATE],
  variable: [ITEM],
  function: [ACTION],
  // The server counts room ids among numbers; the grammar gives them a
  // scope of their own, as a room id may be a word (`room galley`).
  number: ["constant.numeric.", "constant.other.room."],
  string: ["string."],
  comment: ["comment."],
};
const NAME_KINDS = new Set(["enumMember", "variable", "function"]);
const SHOWN = 40;

function scoped(scope, prefixes) {
  return prefixes.some((p) => scope === p || scope.startsWith(p.endsWith(".") ? p : p + "."));
}

async function registry() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  return new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => {
      const file = GRAMMARS[scopeName];
      if (!file) {
        return null;
      }
      const full = path.join(SYNTAXES, file);
      return vsctm.parseRawGrammar(fs.readFileSync(full, "utf8"), full);
    },
  });
}

// The tokens of each line: [{startIndex, endIndex, scopes}].
function tokenize(grammar, text) {
  let stack = vsctm.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return { line, tokens: result.tokens };
  });
}

async function main() {
  const input = process.argv[2];
  if (!input) {
    console.error("usage: node grammar.test.js TOKENS.json");
    process.exit(2);
  }
  const files = JSON.parse(fs.readFileSync(input, "utf8"));
  const reg = await registry();
  const failures = [];
  const byKind = {};
  let checked = 0;
  for (const file of files) {
    const scopeName = SCOPE_OF_EXTENSION[path.extname(file.path)];
    if (!scopeName) {
      failures.push(`${file.path}: no grammar for this file kind`);
      continue;
    }
    const grammar = await reg.loadGrammar(scopeName);
    const lines = tokenize(grammar, fs.readFileSync(file.path, "utf8"));
    const name = path.relative(process.cwd(), file.path) || file.path;
    const fail = (line, start, length, kind, expected, got) => {
      const word = (lines[line] ? lines[line].line : "").slice(start, start + length);
      byKind[kind] = (byKind[kind] || 0) + 1;
      failures.push(
        `${name}:${line + 1}:${start + 1} \`${word}\` (${kind}): expected ${expected.join(" or ")}, got ${got}`,
      );
    };
    // Which words the server calls names: a grammar's name scope anywhere
    // else is a word coloured as what it is not.
    const named = new Set();
    const sorted = [...file.tokens].sort((a, b) => a.line - b.line || a.start - b.start);
    let previous = null;
    for (const t of sorted) {
      const expected = EXPECTED[t.kind];
      if (!expected) {
        failures.push(`${name}:${t.line + 1}:${t.start + 1}: unknown kind ${t.kind}`);
        continue;
      }
      const line = lines[t.line];
      const sameLine = previous && previous.line === t.line;
      const afterSay =
        sameLine &&
        previous.kind === "keyword" &&
        line &&
        line.line.slice(previous.start, previous.start + previous.length) === "say";
      previous = t;
      const accepted = NAME_KINDS.has(t.kind) && afterSay ? NAMES : expected;
      if (NAME_KINDS.has(t.kind)) {
        for (let c = t.start; c < t.start + t.length; c++) {
          named.add(`${t.line}:${c}`);
        }
      }
      checked += 1;
      const over = line
        ? line.tokens.filter((g) => g.startIndex < t.start + t.length && g.endIndex > t.start)
        : [];
      const wrong = over
        .map((g) => g.scopes[g.scopes.length - 1])
        .filter((scope) => !scoped(scope, accepted));
      if (over.length === 0 || wrong.length > 0) {
        const got = over.length === 0 ? "nothing" : [...new Set(wrong)].join(", ");
        fail(t.line, t.start, t.length, t.kind, accepted, got);
      }
    }
    lines.forEach(({ tokens }, l) => {
      for (const g of tokens) {
        const scope = g.scopes[g.scopes.length - 1];
        if (!scoped(scope, NAMES)) {
          continue;
        }
        for (let c = g.startIndex; c < g.endIndex; c++) {
          if (!named.has(`${l}:${c}`)) {
            fail(l, g.startIndex, g.endIndex - g.startIndex, "no name", ["no name scope"], scope);
            break;
          }
        }
      }
    });
  }
  console.log(`${checked} tokens checked in ${files.length} files`);
  if (checked === 0) {
    console.error("no token was checked");
    process.exit(1);
  }
  if (failures.length > 0) {
    const counts = Object.entries(byKind)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    console.error(`${failures.length} words scoped wrong (${counts}):`);
    failures.slice(0, SHOWN).forEach((f) => console.error(`  ${f}`));
    if (failures.length > SHOWN) {
      console.error(`  ... and ${failures.length - SHOWN} more`);
    }
    process.exit(1);
  }
  console.log("every word is scoped as what hatchway says it is");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
