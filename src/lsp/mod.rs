//! `hatchway lsp`: a language server for board and rules files, so that an
//! editor shows what `hatchway check` finds as the user types, and offers
//! quick fixes, hover, go-to-definition, completion, formatting, an outline,
//! folding, references, highlight and rename of the rules' names and of a
//! board's room ids, semantic tokens, and a code lens with the turn's
//! outcomes.
//!
//! Built on lsp-server and lsp-types, as rust-analyzer is: synchronous, one
//! loop over incoming messages, no async runtime. Every request is answered
//! from what checking the document's last text found; only the code lens's
//! searches run elsewhere, one at a time on one worker thread (`lens`).
//!
//! - `transport`: the frames over standard input and output;
//! - `documents`: the open documents, checked as they change;
//! - `position`: byte offsets to the editor's UTF-16 positions and back;
//! - `files`: `file:` URIs and paths;
//! - `requests`: the server's own requests to the editor, numbered;
//! - `queue`: the messages waiting, so that no work is done for replaced
//!   text;
//! - `statements`: what a syntax tree names, and where;
//! - one file a feature: `diagnostics`, `actions` (quick fixes, with
//!   `additions`, where a line a fix adds goes), `hover`
//!   (with `wording`, a rule in words), `definition`, `completion`,
//!   `symbols` (and folding), `formatting`, `lens`, `references` (with
//!   highlight and rename, and `rooms` for a board's room ids), `tokens`
//!   (semantic tokens).

use std::collections::HashMap;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CodeLensOptions,
    CompletionOptions, FoldingRangeProviderCapability, HoverProviderCapability, InitializeParams,
    InitializeResult, OneOf, SaveOptions, SemanticTokensFullOptions, SemanticTokensOptions,
    SemanticTokensServerCapabilities, ServerCapabilities, ServerInfo, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

mod actions;
mod additions;
mod completion;
mod definition;
mod diagnostics;
mod documents;
mod files;
mod formatting;
mod hover;
mod lens;
mod position;
mod queue;
mod references;
mod requests;
mod rooms;
mod statements;
mod symbols;
mod tokens;
mod transport;
mod wording;

use documents::Document;
use lens::Lenses;
use requests::Asker;

/// How a session ended.
pub(crate) enum Ended {
    /// `exit` after `shutdown`: exit code 0.
    Cleanly,
    /// Anything else, with what to say on standard error: exit code 1.
    Badly(String),
}

/// Where the session is, as the protocol orders it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Before `initialize`: every request is refused.
    Starting,
    /// Serving.
    Running,
    /// After `shutdown`: only `exit` is expected.
    ShutDown,
}

/// Serves one editor over standard input and output until it says `exit`
/// or closes the connection.
pub(crate) fn serve() -> Ended {
    let (connection, transport) = match transport::stdio() {
        Ok(pair) => pair,
        Err(e) => return Ended::Badly(format!("cannot start the server's threads: {e}")),
    };
    let ended = run(connection);
    let broken = transport.finish();
    match (ended, broken) {
        (Ended::Cleanly, _) => Ended::Cleanly,
        (Ended::Badly(_), Err(reason)) => Ended::Badly(format!("the connection broke: {reason}")),
        (badly, Ok(())) => badly,
    }
}

/// The loop over incoming messages. Returns when `exit` comes or the
/// input ends; dropping the connection then lets the writer finish.
fn run(connection: Connection) -> Ended {
    let mut phase = Phase::Starting;
    let mut server: Option<Server> = None;
    let mut queue = queue::Queue::default();
    while let Some(message) = queue.next(&connection.receiver) {
        match message {
            Message::Request(request) => {
                let replaced = queue::document(&request.params).is_some_and(|u| queue.replaced(u));
                let response = match (phase, request.method.as_str()) {
                    (Phase::Running, method) if replaced && method != req::Shutdown::METHOD => {
                        refuse(
                            request,
                            ErrorCode::ContentModified,
                            "the document changed since this request was made",
                        )
                    }
                    (Phase::Starting, req::Initialize::METHOD) => {
                        let (answer, started) = initialize(&connection, request);
                        server = Some(started);
                        phase = Phase::Running;
                        answer
                    }
                    (Phase::Starting, _) => refuse(
                        request,
                        ErrorCode::ServerNotInitialized,
                        "the server is not initialized yet",
                    ),
                    (Phase::Running, req::Shutdown::METHOD) => {
                        phase = Phase::ShutDown;
                        Response::new_ok(request.id, ())
                    }
                    (Phase::Running, req::Initialize::METHOD) => refuse(
                        request,
                        ErrorCode::InvalidRequest,
                        "the server is already initialized",
                    ),
                    (Phase::Running, _) => match &mut server {
                        Some(server) => server.answer(request),
                        None => refuse(request, ErrorCode::InternalError, "no server"),
                    },
                    (Phase::ShutDown, _) => refuse(
                        request,
                        ErrorCode::InvalidRequest,
                        "the server is shut down: only `exit` is expected",
                    ),
                };
                if connection.sender.send(response.into()).is_err() {
                    return Ended::Badly("the connection to the editor closed".to_string());
                }
            }
            Message::Notification(n) if n.method == note::Exit::METHOD => {
                return match phase {
                    Phase::ShutDown => Ended::Cleanly,
                    _ => Ended::Badly("the editor said `exit` without `shutdown`".to_string()),
                };
            }
            // A change that a later change of the same document replaces
            // is never checked.
            Message::Notification(n)
                if n.method == note::DidChangeTextDocument::METHOD
                    && queue::document(&n.params).is_some_and(|u| queue.replaced(u)) => {}
            Message::Notification(n) => {
                // Notifications before `initialize` are dropped, as the
                // protocol says; after `shutdown` there is nothing to do.
                if let (Phase::Running, Some(server)) = (phase, &mut server) {
                    server.notice(n);
                }
            }
            // Answers to the server's own requests (the lens's refresh).
            Message::Response(_) => {}
        }
    }
    match phase {
        Phase::ShutDown => Ended::Cleanly,
        _ => Ended::Badly("the editor closed the connection without `shutdown`".to_string()),
    }
}

fn refuse(request: Request, code: ErrorCode, message: &str) -> Response {
    Response::new_err(request.id, code as i32, message.to_string())
}

/// The answer to `initialize`: what the server can do.
fn initialize(connection: &Connection, request: Request) -> (Response, Server) {
    // Snippets in edits are newer than lsp-types: read from the raw value.
    let snippets = request
        .params
        .pointer("/capabilities/workspace/workspaceEdit/snippetEditSupport")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false);
    let params: InitializeParams = serde_json::from_value(request.params).unwrap_or_default();
    let watch = params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files)
        .and_then(|w| w.dynamic_registration)
        .unwrap_or(false);
    let refresh = params
        .capabilities
        .workspace
        .and_then(|w| w.code_lens)
        .and_then(|c| c.refresh_support)
        .unwrap_or(false);
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".to_string(), ":".to_string(), ",".to_string()]),
            ..CompletionOptions::default()
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..CodeActionOptions::default()
        })),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: tokens::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: Some(true),
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    };
    let result = InitializeResult {
        capabilities,
        server_info: Some(ServerInfo {
            name: "hatchway".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    let asker = Asker::new(connection.sender.clone());
    let server = Server {
        documents: HashMap::new(),
        sender: connection.sender.clone(),
        lenses: Lenses::new(asker.clone(), refresh),
        asker,
        snippets,
        watch,
    };
    (Response::new_ok(request.id, result), server)
}

/// The open documents and the lenses found for them.
struct Server {
    documents: HashMap<Uri, Document>,
    sender: crossbeam_channel::Sender<Message>,
    lenses: Lenses,
    /// Sends the server's own requests to the editor.
    asker: Asker,
    /// Whether the editor takes snippets in a quick fix's edits.
    snippets: bool,
    /// Whether the editor watches files for the server when asked to.
    watch: bool,
}

/// A request's parameters, or the error that they are not what its method
/// takes.
fn params<P: DeserializeOwned>(request: &Request) -> Result<P, Response> {
    serde_json::from_value(request.params.clone()).map_err(|e| {
        Response::new_err(
            request.id.clone(),
            ErrorCode::InvalidParams as i32,
            format!("invalid parameters for `{}`: {e}", request.method),
        )
    })
}

impl Server {
    /// The answer to a request; `null` (or an empty list) where nothing can
    /// be said, such as on a document that is not open or does not parse.
    fn answer(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let answered = match request.method.as_str() {
            req::HoverRequest::METHOD => {
                self.on::<req::HoverRequest, _>(&request, |d, p: lsp_types::HoverParams| {
                    hover::hover(d, p.text_document_position_params.position)
                })
            }
            req::GotoDefinition::METHOD => self.on::<req::GotoDefinition, _>(
                &request,
                |d, p: lsp_types::GotoDefinitionParams| {
                    let position = p.text_document_position_params.position;
                    definition::definition(d, position)
                        .or_else(|| references::declaration(&self.open(), d, offset(d, position)))
                        .map(lsp_types::GotoDefinitionResponse::Scalar)
                },
            ),
            req::References::METHOD => {
                self.on::<req::References, _>(&request, |d, p: lsp_types::ReferenceParams| {
                    let at = offset(d, p.text_document_position.position);
                    references::references(&self.open(), d, at, p.context.include_declaration)
                })
            }
            req::DocumentHighlightRequest::METHOD => self.on::<req::DocumentHighlightRequest, _>(
                &request,
                |d, p: lsp_types::DocumentHighlightParams| {
                    let at = offset(d, p.text_document_position_params.position);
                    references::highlights(d, at).map(|ranges| {
                        ranges
                            .into_iter()
                            .map(|range| lsp_types::DocumentHighlight { range, kind: None })
                            .collect::<Vec<_>>()
                    })
                },
            ),
            req::Rename::METHOD => self.rename(&request),
            req::Completion::METHOD => {
                self.on::<req::Completion, _>(&request, |d, p: lsp_types::CompletionParams| {
                    Some(lsp_types::CompletionResponse::Array(completion::complete(
                        d,
                        p.text_document_position.position,
                    )))
                })
            }
            req::Formatting::METHOD => self
                .on::<req::Formatting, _>(&request, |d, _: lsp_types::DocumentFormattingParams| {
                    Some(formatting::format_document(d))
                }),
            req::DocumentSymbolRequest::METHOD => self.on::<req::DocumentSymbolRequest, _>(
                &request,
                |d, _: lsp_types::DocumentSymbolParams| {
                    Some(lsp_types::DocumentSymbolResponse::Nested(symbols::symbols(
                        d,
                    )))
                },
            ),
            req::FoldingRangeRequest::METHOD => self.on::<req::FoldingRangeRequest, _>(
                &request,
                |d, _: lsp_types::FoldingRangeParams| Some(symbols::folds(d)),
            ),
            req::CodeActionRequest::METHOD => self.on::<req::CodeActionRequest, _>(
                &request,
                |d, p: lsp_types::CodeActionParams| {
                    Some(actions::quick_fixes(d, p.range, self.snippets))
                },
            ),
            req::CodeLensRequest::METHOD => self
                .on::<req::CodeLensRequest, _>(&request, |d, _: lsp_types::CodeLensParams| {
                    Some(self.lenses.lenses(d))
                }),
            req::SemanticTokensFullRequest::METHOD => self.on::<req::SemanticTokensFullRequest, _>(
                &request,
                |d, _: lsp_types::SemanticTokensParams| {
                    tokens::tokens(d, None).map(|data| {
                        lsp_types::SemanticTokensResult::Tokens(lsp_types::SemanticTokens {
                            result_id: None,
                            data,
                        })
                    })
                },
            ),
            req::SemanticTokensRangeRequest::METHOD => self
                .on::<req::SemanticTokensRangeRequest, _>(
                    &request,
                    |d, p: lsp_types::SemanticTokensRangeParams| {
                        tokens::tokens(d, Some(p.range)).map(|data| {
                            lsp_types::SemanticTokensRangeResult::Tokens(
                                lsp_types::SemanticTokens {
                                    result_id: None,
                                    data,
                                },
                            )
                        })
                    },
                ),
            _ => Err(Response::new_err(
                id.clone(),
                ErrorCode::MethodNotFound as i32,
                format!("hatchway does not answer `{}`", request.method),
            )),
        };
        answered.unwrap_or_else(|error| error)
    }

    /// The open documents.
    fn open(&self) -> Vec<&Document> {
        self.documents.values().collect()
    }

    /// A rename's edits across the rules file and its boards (or, for a
    /// room id, its board), or the editor is told why the new name cannot
    /// be.
    fn rename(&self, request: &Request) -> Result<Response, Response> {
        let p: lsp_types::RenameParams = params(request)?;
        let place = &p.text_document_position;
        let Some(document) = self.documents.get(&place.text_document.uri) else {
            return Ok(Response::new_ok(
                request.id.clone(),
                serde_json::Value::Null,
            ));
        };
        let at = offset(document, place.position);
        Ok(
            match references::rename(&self.open(), document, at, &p.new_name) {
                Ok(edit) => Response::new_ok(request.id.clone(), edit),
                Err(why) => {
                    Response::new_err(request.id.clone(), ErrorCode::RequestFailed as i32, why)
                }
            },
        )
    }

    /// Answers a request about one document with `feature`; `null` when the
    /// document is not open.
    fn on<R, P>(
        &self,
        request: &Request,
        feature: impl FnOnce(&Document, R::Params) -> Option<P>,
    ) -> Result<Response, Response>
    where
        R: lsp_types::request::Request,
        R::Params: DeserializeOwned + HasDocument,
        P: Serialize,
    {
        let p: R::Params = params(request)?;
        let answer = self.documents.get(p.uri()).and_then(|d| feature(d, p));
        Ok(Response::new_ok(request.id.clone(), answer))
    }

    /// Acts on a notification; one it does not know, or whose parameters
    /// it cannot read, is ignored, as the protocol asks.
    fn notice(&mut self, n: Notification) {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                else {
                    return;
                };
                let item = p.text_document;
                let document = Document::open(
                    item.uri,
                    Some(&item.language_id),
                    item.text,
                    Some(item.version),
                );
                self.publish(&document);
                self.lenses.start(&document);
                self.documents.insert(document.uri.clone(), document);
            }
            note::DidChangeTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                else {
                    return;
                };
                // Full sync: the last change is the whole text.
                let (Some(document), Some(change)) = (
                    self.documents.get_mut(&p.text_document.uri),
                    p.content_changes.into_iter().last(),
                ) else {
                    return;
                };
                document.change(change.text, Some(p.text_document.version));
                if let Some(document) = self.documents.get(&p.text_document.uri) {
                    self.publish(document);
                }
            }
            note::DidSaveTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidSaveTextDocumentParams>(n.params)
                else {
                    return;
                };
                // The saved file may be the rules file of other boards.
                self.files_changed(&[p.text_document.uri]);
            }
            note::DidChangeWatchedFiles::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeWatchedFilesParams>(n.params)
                else {
                    return;
                };
                let changed: Vec<Uri> = p.changes.into_iter().map(|c| c.uri).collect();
                self.files_changed(&changed);
            }
            note::Initialized::METHOD if self.watch => {
                // Rules files changed outside the editor (saved by another
                // program, or from a buffer this server was not given) still
                // reach the boards that use them.
                let watchers = vec![lsp_types::FileSystemWatcher {
                    glob_pattern: lsp_types::GlobPattern::String("**/*.rules".to_string()),
                    kind: None,
                }];
                let registration = lsp_types::Registration {
                    id: "hatchway-watch-rules".to_string(),
                    method: note::DidChangeWatchedFiles::METHOD.to_string(),
                    register_options: serde_json::to_value(
                        lsp_types::DidChangeWatchedFilesRegistrationOptions { watchers },
                    )
                    .ok(),
                };
                self.asker.ask(
                    req::RegisterCapability::METHOD,
                    lsp_types::RegistrationParams {
                        registrations: vec![registration],
                    },
                );
            }
            note::DidCloseTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                else {
                    return;
                };
                let uri = p.text_document.uri;
                if let Some(document) = self.documents.remove(&uri) {
                    // A closed document's problems are no longer shown.
                    self.send_diagnostics(lsp_types::PublishDiagnosticsParams {
                        uri: document.uri,
                        diagnostics: Vec::new(),
                        version: None,
                    });
                }
                self.lenses.forget(&uri);
            }
            _ => {}
        }
    }

    /// Files on disk changed (`changed`, as the editor names them): every
    /// open document that reads files (a board on a rules file) is checked
    /// again, published, and its lens searched again, and so is an open
    /// document among them.
    fn files_changed(&mut self, changed: &[Uri]) {
        let mut again = Vec::new();
        for document in self.documents.values_mut() {
            if document.reads_files() || changed.contains(&document.uri) {
                document.check();
                again.push(document.uri.clone());
            }
        }
        for uri in &again {
            if let Some(document) = self.documents.get(uri) {
                self.publish(document);
                self.lenses.start(document);
            }
        }
    }

    fn publish(&self, document: &Document) {
        self.send_diagnostics(diagnostics::publish(document));
    }

    fn send_diagnostics(&self, params: lsp_types::PublishDiagnosticsParams) {
        let n = Notification::new(note::PublishDiagnostics::METHOD.to_string(), params);
        // A closed connection ends the loop at the next message.
        let _ = self.sender.send(n.into());
    }
}

/// The byte offset of an editor's position in a document.
fn offset(document: &Document, position: lsp_types::Position) -> usize {
    document.lines.offset(&document.text, position)
}

/// Parameters that name the document a request is about.
trait HasDocument {
    fn uri(&self) -> &Uri;
}

macro_rules! has_document {
    ($($params:ty => |$p:ident| $uri:expr;)*) => {
        $(impl HasDocument for $params {
            fn uri(&self) -> &Uri {
                let $p = self;
                $uri
            }
        })*
    };
}

has_document! {
    lsp_types::HoverParams => |p| &p.text_document_position_params.text_document.uri;
    lsp_types::GotoDefinitionParams => |p| &p.text_document_position_params.text_document.uri;
    lsp_types::CompletionParams => |p| &p.text_document_position.text_document.uri;
    lsp_types::DocumentFormattingParams => |p| &p.text_document.uri;
    lsp_types::DocumentSymbolParams => |p| &p.text_document.uri;
    lsp_types::FoldingRangeParams => |p| &p.text_document.uri;
    lsp_types::CodeActionParams => |p| &p.text_document.uri;
    lsp_types::CodeLensParams => |p| &p.text_document.uri;
    lsp_types::ReferenceParams => |p| &p.text_document_position.text_document.uri;
    lsp_types::DocumentHighlightParams => |p| &p.text_document_position_params.text_document.uri;
    lsp_types::SemanticTokensParams => |p| &p.text_document.uri;
    lsp_types::SemanticTokensRangeParams => |p| &p.text_document.uri;
}
