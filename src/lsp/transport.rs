//! The connection to the editor over standard input and output, in the
//! protocol's frames (`Content-Length` headers, then a JSON body).
//!
//! lsp-server's own stdio transport ends at the first body that is not a
//! message. This one answers such a body with JSON-RPC's error (a parse
//! error, or an invalid request for JSON of another shape) and reads on, since its frame was read whole and the next one starts right
//! after it. A broken frame (a header line without its `\r\n`, no length)
//! cannot be stepped over: the connection then ends, and the reason is
//! kept for the server to say.

use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

use lsp_server::{Connection, Message};

/// The largest body read: far above any document hatchway reads (1 MiB,
/// escaped in JSON), low enough that a wrong length cannot take the
/// memory.
const MOST_BODY: usize = 64 << 20;

/// The threads that move messages between the editor and the server.
pub(super) struct Transport {
    reader: JoinHandle<Result<(), String>>,
    writer: JoinHandle<()>,
}

/// The server's end of a connection over standard input and output.
pub(super) fn stdio() -> io::Result<(Connection, Transport)> {
    let (server, editor) = Connection::memory();
    let Connection {
        sender: to_server,
        receiver: from_server,
    } = editor;
    let writer = std::thread::Builder::new()
        .name("hatchway-lsp-writer".to_string())
        .spawn(move || {
            for message in from_server {
                let mut out = io::stdout().lock();
                if message.write(&mut out).is_err() {
                    break;
                }
            }
        })?;
    let reader = std::thread::Builder::new()
        .name("hatchway-lsp-reader".to_string())
        .spawn(move || {
            let mut input = io::stdin().lock();
            loop {
                let Some(body) = frame(&mut input)? else {
                    return Ok(());
                };
                match serde_json::from_slice::<Message>(&body) {
                    Ok(message) => {
                        let exit =
                            matches!(&message, Message::Notification(n) if n.method == "exit");
                        if to_server.send(message).is_err() || exit {
                            return Ok(());
                        }
                    }
                    Err(_) => refuse(&body),
                }
            }
        })?;
    Ok((server, Transport { reader, writer }))
}

impl Transport {
    /// Waits for every message sent to be written (the writer ends when
    /// the last sender is dropped) and says why reading stopped if it
    /// broke. The reader has ended by then: the server stops at `exit`,
    /// after which the reader reads no more, or when the reader is gone.
    pub(super) fn finish(self) -> Result<(), String> {
        let _ = self.writer.join();
        self.reader
            .join()
            .unwrap_or_else(|_| Err("the reader of standard input failed".to_string()))
    }
}

/// The body of the next frame; `None` at the end of the input.
fn frame(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, String> {
    let mut length = None;
    let mut line = String::new();
    loop {
        line.clear();
        let read = input
            .read_line(&mut line)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        if read == 0 {
            return match length {
                None if line.is_empty() => Ok(None),
                _ => Err("the input ended inside a message's headers".to_string()),
            };
        }
        let Some(header) = line.strip_suffix("\r\n") else {
            return Err(format!(
                "a header line does not end with \\r\\n: {:?}",
                shorten(&line)
            ));
        };
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            return Err(format!(
                "a header is not `Name: value`: {:?}",
                shorten(header)
            ));
        };
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            length =
                Some(value.trim().parse::<usize>().map_err(|_| {
                    format!("the Content-Length {:?} is not a number", shorten(value))
                })?);
        }
    }
    let length = length.ok_or("a message has no Content-Length header")?;
    if length > MOST_BODY {
        return Err(format!(
            "a message of {length} bytes is longer than the {MOST_BODY} bytes read"
        ));
    }
    let mut body = Vec::with_capacity(length);
    input
        .take(length as u64)
        .read_to_end(&mut body)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    if body.len() < length {
        return Err("the input ended inside a message".to_string());
    }
    Ok(Some(body))
}

/// At most 80 characters of a header, for a message.
fn shorten(text: &str) -> String {
    text.chars().take(80).collect()
}

/// Answers a body that is no message with JSON-RPC's error for it: a parse
/// error when it is not JSON, an invalid request when it is JSON of
/// another shape (with its id when it has a readable one, else null); and
/// says so on standard error.
fn refuse(body: &[u8]) {
    let (code, id, message) = match serde_json::from_slice::<serde_json::Value>(body) {
        Err(e) => (
            -32700,
            serde_json::Value::Null,
            format!("the message is not JSON: {e}"),
        ),
        Ok(value) => {
            let id = match value.get("id") {
                Some(id @ (serde_json::Value::Number(_) | serde_json::Value::String(_))) => {
                    id.clone()
                }
                _ => serde_json::Value::Null,
            };
            (
                -32600,
                id,
                "the message is not a JSON-RPC request, response or notification".to_string(),
            )
        }
    };
    eprintln!("hatchway lsp: {message}");
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message},
    })
    .to_string();
    let mut out = io::stdout().lock();
    // A closed output ends the server through the writer.
    let _ = write!(out, "Content-Length: {}\r\n\r\n{body}", body.len()).and_then(|()| out.flush());
}
