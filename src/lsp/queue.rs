//! The messages waiting behind the one being handled. Every message that
//! has arrived is read before one is handled, so that work for a text
//! already replaced is never done: a change of a document is dropped when
//! a later change of it waits (each change holds the whole text), and a
//! request about a document that a waiting change replaces is answered
//! `ContentModified`, as the protocol provides, instead of being worked out.

use std::collections::VecDeque;

use lsp_server::Message;
use lsp_types::notification::{DidChangeTextDocument, Notification as _};

/// The messages read from the editor and not yet handled.
#[derive(Default)]
pub(super) struct Queue {
    waiting: VecDeque<Message>,
}

impl Queue {
    /// The next message to handle, with every message that has arrived
    /// behind it read; `None` when the editor is gone.
    pub(super) fn next(
        &mut self,
        receiver: &crossbeam_channel::Receiver<Message>,
    ) -> Option<Message> {
        let message = match self.waiting.pop_front() {
            Some(message) => message,
            None => receiver.recv().ok()?,
        };
        self.waiting.extend(receiver.try_iter());
        Some(message)
    }

    /// Whether a change of the document `uri` waits: the text the message
    /// being handled is about is then already replaced.
    pub(super) fn replaced(&self, uri: &str) -> bool {
        self.waiting.iter().any(|m| match m {
            Message::Notification(n) => {
                n.method == DidChangeTextDocument::METHOD && document(&n.params) == Some(uri)
            }
            _ => false,
        })
    }
}

/// The document a message's parameters name (`textDocument.uri`), if any.
pub(super) fn document(params: &serde_json::Value) -> Option<&str> {
    params.pointer("/textDocument/uri")?.as_str()
}
