//! Snapshot files in insta's `.snap` format, so that `hatchway test` and
//! the project's own `cargo test` keep outcomes the same way and insta's
//! tooling (`cargo insta review`) can read both.
//!
//! A file is a YAML header between two `---` lines, then the text, then a
//! newline. Pending snapshots sit beside the old one with `.new` appended
//! (`x.snap.new`). Two texts match when they are equal once trailing white
//! space is cut and Windows line ends are made `\n`, as insta compares them;
//! the header never takes part.

use std::path::{Path, PathBuf};

/// One snapshot: its header (the YAML between the `---` lines, without
/// them) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The YAML header, one `key: value` line each, ending in a newline.
    pub header: String,
    /// The text snapshotted.
    pub contents: String,
}

impl Snapshot {
    /// A snapshot of `contents` with a header of the given fields, each
    /// value written as a YAML scalar (quoted where YAML needs it).
    pub fn new(fields: &[(&str, &str)], contents: String) -> Snapshot {
        let header = fields
            .iter()
            .map(|(key, value)| format!("{key}: {}\n", yaml_scalar(value)))
            .collect();
        Snapshot { header, contents }
    }

    /// The snapshot with `info` written under the header's `info` key, as
    /// insta writes what a test gives `Settings::set_info`: a YAML value
    /// that travels with the text and takes no part in matching.
    pub fn with_info(mut self, info: &impl serde::Serialize) -> Snapshot {
        if let Ok(yaml) = serde_yaml::to_string(info) {
            self.header.push_str("info:\n");
            for line in yaml.lines() {
                self.header.push_str("  ");
                self.header.push_str(line);
                self.header.push('\n');
            }
        }
        self
    }

    /// The header's `info`, read as a `T`; `None` when there is none or it
    /// does not read as one (a snapshot written by an older writer).
    pub fn info<T: serde::de::DeserializeOwned>(&self) -> Option<T> {
        let header: serde_yaml::Value = serde_yaml::from_str(&self.header).ok()?;
        let info = header.get("info")?.clone();
        serde_yaml::from_value(info).ok()
    }

    /// Reads a snapshot file's text. A file without a header (insta's
    /// oldest format) is taken as all text.
    pub fn parse(text: &str) -> Snapshot {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.split_inclusive('\n');
        let first = lines.next().unwrap_or("");
        if first.trim_end() != "---" {
            return Snapshot {
                header: String::new(),
                contents: text.to_string(),
            };
        }
        let mut header = String::new();
        let mut rest = first.len();
        let mut closed = false;
        for line in lines {
            rest += line.len();
            if line.trim_end() == "---" {
                closed = true;
                break;
            }
            header.push_str(line);
        }
        if !closed {
            return Snapshot {
                header: String::new(),
                contents: text.to_string(),
            };
        }
        let contents = text[rest..].to_string();
        Snapshot { header, contents }
    }

    /// The text of the file: `---`, the header, `---`, the text and a
    /// newline, as insta writes it.
    pub fn to_file_text(&self) -> String {
        let mut out = String::from("---\n");
        out.push_str(&self.header);
        if !self.header.is_empty() && !self.header.ends_with('\n') {
            out.push('\n');
        }
        out.push_str("---\n");
        out.push_str(&self.normalized());
        out.push('\n');
        out
    }

    /// The text as insta compares it: trailing white space cut, `\r\n`
    /// made `\n`.
    pub fn normalized(&self) -> String {
        self.contents.trim_end().replace("\r\n", "\n")
    }

    /// Whether two snapshots hold the same text (headers aside).
    pub fn matches(&self, other: &Snapshot) -> bool {
        self.normalized() == other.normalized()
    }

    /// Reads a snapshot file; `Ok(None)` when there is none.
    pub fn read(path: &Path) -> std::io::Result<Option<Snapshot>> {
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Some(Snapshot::parse(&text))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Writes the snapshot to `path`, making its folder if needed.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, self.to_file_text())
    }
}

/// Where a pending snapshot of `path` goes: `x.snap` -> `x.snap.new`.
pub fn pending_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".new");
    PathBuf::from(name)
}

/// A string as a YAML scalar, as insta's header writes one: plain when it
/// reads back as itself, else in double quotes.
fn yaml_scalar(value: &str) -> String {
    let plain = !value.is_empty()
        && value.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.' | '/' | '@' | '(' | ')')
        })
        && !value.starts_with([' ', '-', '@'])
        && !value.ends_with(' ')
        && !matches!(
            value.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n" | "~"
        )
        && value.parse::<f64>().is_err();
    if plain {
        value.to_string()
    } else {
        // A JSON string is a YAML double-quoted scalar.
        serde_json::to_string(value).unwrap_or_else(|_| format!("{value:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_snapshot_reads_back() {
        let s = Snapshot::new(
            &[
                ("source", "boards/mini-flood.board"),
                (
                    "description",
                    "every outcome: as `hatchway replay` shows it",
                ),
            ],
            "line 1\nline 2\n\n".to_string(),
        );
        let text = s.to_file_text();
        assert_eq!(
            text,
            "---\nsource: boards/mini-flood.board\ndescription: \"every outcome: as `hatchway replay` shows it\"\n---\nline 1\nline 2\n"
        );
        let back = Snapshot::parse(&text);
        assert!(back.matches(&s));
        assert_eq!(back.header, s.header);
    }

    #[test]
    fn info_travels_in_the_header_and_reads_back() {
        let info = vec![("room".to_string(), 3u32)];
        let s = Snapshot::new(&[("source", "a")], "x".to_string()).with_info(&info);
        let back = Snapshot::parse(&s.to_file_text());
        assert_eq!(back.info::<Vec<(String, u32)>>(), Some(info));
        assert!(back.matches(&Snapshot::new(&[], "x".to_string())));
        assert_eq!(
            Snapshot::parse("---\nsource: a\n---\nx\n").info::<u32>(),
            None
        );
    }

    #[test]
    fn texts_match_as_insta_compares_them() {
        let a = Snapshot::parse("---\nsource: a\n---\nx\r\ny\n");
        let b = Snapshot::parse("---\nsource: b\n---\nx\ny   \n\n");
        assert!(a.matches(&b));
        let c = Snapshot::parse("---\n---\nx\nz\n");
        assert!(!a.matches(&c));
    }

    #[test]
    fn yaml_scalars_that_would_read_as_something_else_are_quoted() {
        assert_eq!(yaml_scalar("true"), "\"true\"");
        assert_eq!(yaml_scalar("12"), "\"12\"");
        assert_eq!(yaml_scalar("a: b"), "\"a: b\"");
        assert_eq!(yaml_scalar("a/b.board"), "a/b.board");
    }

    #[test]
    fn the_pending_snapshot_sits_beside_the_old_one() {
        assert_eq!(
            pending_path(Path::new("s/x.board.snap")),
            PathBuf::from("s/x.board.snap.new")
        );
    }
}
