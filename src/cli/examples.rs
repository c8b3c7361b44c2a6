//! The examples each command's `--help` ends with, which `hatchway man`
//! also prints as its EXAMPLES. Every one is also a `$ hatchway ...`
//! example of docs/COMMANDS.md, where a test runs it and compares its
//! output, so no example in the help can stop working unnoticed. The paths
//! are those of the source repository (`boards/`).

pub(super) const HATCHWAY: &str = "Examples:
  hatchway paths boards/open-mini.board
  hatchway replay --outcome 4
  hatchway check boards/red-november.board boards/mini-flood.yaml";

pub(super) const CHECK: &str = "Examples:
  hatchway check boards/red-november.board boards/mini-flood.yaml
  hatchway check tests/invalid/unknown-room-state.board";

pub(super) const RULES: &str = "Examples:
  hatchway rules
  hatchway rules deep-water";

pub(super) const BOARDS: &str = "Examples:
  hatchway boards
  hatchway paths desperate-times --with grog --to 1";

pub(super) const PATHS: &str = "Examples:
  hatchway paths boards/open-mini.board
  hatchway paths boards/burning-reactor.board --to 6
  hatchway paths boards/open-mini.board --to 2 --format yaml";

pub(super) const SWEEP: &str = "Examples:
  hatchway sweep red-november --rooms 2,5,8
  hatchway sweep red-november --rooms 2,5,8 --shard 2/4";

pub(super) const REPLAY: &str = "Examples:
  hatchway replay --outcome 4
  hatchway replay boards/mini-flood.board --path \"open 1-2, move 1\"
  hatchway replay boards/desperate-times.board --with grog --outcome 18 --interactive";

pub(super) const PLAY: &str = "Examples:
  hatchway play boards/desperate-times.board --with grog";

pub(super) const EXPORT: &str = "Examples:
  hatchway export boards/open-mini.board --format yaml
  hatchway export boards/mini-flood.yaml --format hatchway";

pub(super) const IMPORT: &str = "Examples:
  hatchway import tests/fixtures/flat/mixed.flat";

pub(super) const DOT: &str = "Examples:
  hatchway dot boards/open-mini.board --outcome 3
  hatchway dot boards/desperate-times.board";

pub(super) const FMT: &str = "Examples:
  hatchway fmt --check boards/
  hatchway fmt --check tests/fixtures/unformatted.board";

pub(super) const DRAW: &str = "Examples:
  hatchway draw boards/mini-flood.board --outcome 4
  hatchway draw --format svg --outcome 10";

pub(super) const REPORT: &str = "Examples:
  hatchway report boards/open-mini.board";

pub(super) const COMPLETIONS: &str = "Examples:
  hatchway completions bash";

pub(super) const MAN: &str = "Examples:
  hatchway man paths";

pub(super) const TEST: &str = "Examples:
  hatchway test --snapshots snapshots boards/";

pub(super) const SCHEMA: &str = "Examples:
  hatchway schema
  hatchway schema board
  hatchway schema sweep-shard";

pub(super) const DIFF: &str = "Examples:
  hatchway diff --rules red-november --rules red-november-rulebook boards/mini-flood.board
  hatchway diff --rules red-november --rules red-november-rulebook --random 100
  hatchway diff boards/desperate-times.board --with grog --item aqualung";

pub(super) const PLAN: &str = "Examples:
  hatchway plan boards/desperate-times.board --action extinguish_fire --at 1 --with grog
  hatchway plan boards/desperate-times.board --with grog --at 1";

pub(super) const LSP: &str = "Examples:
  hatchway lsp";
