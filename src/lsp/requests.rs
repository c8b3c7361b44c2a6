//! Requests the server sends the editor (the lens's refresh, the watch on
//! rules files): each with an id of its own over the whole session, as
//! JSON-RPC asks, whichever document or feature sends it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use lsp_server::{Message, Request, RequestId};
use serde::Serialize;

/// Sends requests to the editor, numbering them.
#[derive(Clone)]
pub(super) struct Asker {
    sender: crossbeam_channel::Sender<Message>,
    /// The number of the last request sent.
    asked: Arc<AtomicU64>,
}

impl Asker {
    /// Sends through `sender`, numbering from 1.
    pub(super) fn new(sender: crossbeam_channel::Sender<Message>) -> Asker {
        Asker {
            sender,
            asked: Arc::default(),
        }
    }

    /// Sends the request `method` with `params`, with the next id.
    pub(super) fn ask(&self, method: &str, params: impl Serialize) {
        let n = self.asked.fetch_add(1, Ordering::SeqCst) + 1;
        let id = RequestId::from(format!("hatchway-{n}"));
        let request = Request::new(id, method.to_string(), params);
        // A closed connection means the server is ending.
        let _ = self.sender.send(request.into());
    }
}
