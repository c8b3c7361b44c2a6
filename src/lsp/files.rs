//! Documents named by `file:` URIs, as editors name them, and the paths on
//! disk they stand for: a board's rules file is found beside it on disk,
//! and go-to-definition names files by URI.

use std::path::{Path, PathBuf};

use lsp_types::Uri;

/// The path a `file:` URI names; `None` for any other scheme (an unsaved
/// buffer) or a path that is not UTF-8 once decoded.
pub(super) fn path_of(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    let decoded = decode(rest)?;
    // `file:///C:/x` names `C:/x` on Windows.
    #[cfg(windows)]
    let decoded = match decoded.strip_prefix('/') {
        Some(drive) if drive.as_bytes().get(1) == Some(&b':') => drive.to_string(),
        _ => decoded,
    };
    Some(PathBuf::from(decoded))
}

/// Percent-decoding, refusing a bad escape or text that is not UTF-8.
fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The `file:` URI of an absolute path (made absolute from the current
/// folder if it is not).
pub(super) fn uri_of(path: &Path) -> Option<Uri> {
    let absolute = std::path::absolute(path).ok()?;
    let text = absolute.to_str()?.replace('\\', "/");
    let mut uri = String::from("file://");
    if !text.starts_with('/') {
        uri.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~:".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_survive_the_round_trip() {
        let path = Path::new("/tmp/a b/Küche#1.board");
        let uri = uri_of(path);
        assert_eq!(
            uri.as_ref().map(|u| u.as_str()),
            Some("file:///tmp/a%20b/K%C3%BCche%231.board")
        );
        assert_eq!(uri.and_then(|u| path_of(&u)), Some(path.to_path_buf()));
        let untitled: Option<Uri> = "untitled:Untitled-1".parse().ok();
        assert_eq!(untitled.and_then(|u| path_of(&u)), None);
    }
}
