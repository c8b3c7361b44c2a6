//! Hover: what a room, a state, an item, a rule or a rules name is, in the
//! game's words.

use std::sync::Arc;

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use super::documents::Document;
use super::statements::{self, OnBoard};
use super::wording;
use crate::builtin;
use crate::model::Rules;
use crate::syntax::{self, ast};

/// What to show at `position`; `None` where nothing can be said (a
/// document that does not parse, a YAML or JSON board, a comment).
pub(super) fn hover(document: &Document, position: Position) -> Option<Hover> {
    let offset = document.lines.offset(&document.text, position);
    let (text, span) = match document.tree.as_ref()? {
        ast::File::Board(board) => match statements::on_board(board, offset)? {
            OnBoard::Room(name) => (room(document, board, &name.text), name.span),
            OnBoard::State(name) => (mentioned(document.rules.as_ref(), &name.text)?, name.span),
            OnBoard::Rules(reference) => (rules_named(document, reference), reference.name().span),
        },
        ast::File::Rules(rules) => {
            let statement = rules
                .statements
                .iter()
                .find(|s| statements::holds(statements::span(s), offset))?;
            match statements::names(statement)
                .into_iter()
                .find(|n| statements::holds(n.span, offset))
            {
                Some(name) => {
                    let found = statements::mentions(rules, &document.text, &name.text);
                    (mention_list(&name.text, &found), name.span)
                }
                None => (wording::sentence(statement), statements::span(statement)),
            }
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(document.lines.range(&document.text, span)),
    })
}

/// A room of a board: its name, state, hatches and neighbours, as written.
fn room(document: &Document, board: &ast::BoardFile, id: &str) -> String {
    let Some(decl) = board.rooms.iter().find(|r| r.id.text == id) else {
        return format!("No room of this board has the id `{id}`.");
    };
    let mut out = format!("**Room `{id}`**");
    if let Some(display) = &decl.display {
        out.push_str(&format!(" “{}”", display.text));
    }
    let first_state = |states: fn(&Rules) -> &Vec<String>| {
        document
            .rules
            .as_ref()
            .and_then(|r| states(r).first().cloned())
    };
    match (&decl.state, first_state(|r| &r.room_states)) {
        (Some(state), _) => out.push_str(&format!("\n\nstate: `{}`", state.text)),
        (None, Some(first)) => out.push_str(&format!("\n\nstate: `{first}` (the rules' first)")),
        (None, None) => {}
    }
    let hatches: Vec<&ast::HatchDecl> = board
        .hatches
        .iter()
        .filter(|h| h.rooms.iter().any(|r| r.text == id))
        .collect();
    if hatches.is_empty() {
        out.push_str("\n\nno hatches");
        return out;
    }
    let default_hatch = first_state(|r| &r.hatch_states).unwrap_or_default();
    let listed: Vec<String> = hatches
        .iter()
        .map(|h| {
            let state = h.state.as_ref().map_or(default_hatch.as_str(), |s| &s.text);
            format!("`{}-{}` {state}", h.rooms[0].text, h.rooms[1].text)
        })
        .collect();
    out.push_str(&format!("\n\nhatches: {}", listed.join(", ")));
    let neighbours: Vec<String> = hatches
        .iter()
        .map(|h| {
            let other = if h.rooms[0].text == id {
                &h.rooms[1]
            } else {
                &h.rooms[0]
            };
            format!("`{}`", other.text)
        })
        .collect();
    out.push_str(&format!("\n\nneighbours: {}", neighbours.join(", ")));
    out
}

/// The rules statements that name `name`, for a state or item of a board.
fn mentioned(rules: Option<&Arc<Rules>>, name: &str) -> Option<String> {
    let rules = rules?;
    let text = rules
        .wording
        .source
        .as_ref()
        .map(|s| s.text.clone())
        .or_else(|| builtin::rules_text(&rules.name).map(str::to_string))?;
    let Ok(ast::File::Rules(tree)) = syntax::parse_all(&text) else {
        return None;
    };
    // Built-in rules are opened (by go-to-definition) as a copy with a
    // header of its own above their text: count lines as that copy does.
    let shift = builtin::rules(&rules.name)
        .filter(|b| b.text == text)
        .map_or(0, |_| builtin::COPY_HEADER.matches('\n').count());
    let found: Vec<(usize, &str)> = statements::mentions(&tree, &text, name)
        .into_iter()
        .map(|(line, said)| (line + shift, said))
        .collect();
    Some(format!(
        "{}\n\n(the rules `{}`)",
        mention_list(name, &found),
        rules.name
    ))
}

fn mention_list(name: &str, found: &[(usize, &str)]) -> String {
    if found.is_empty() {
        return format!("No rule mentions `{name}`.");
    }
    let mut out = format!("**`{name}`** is mentioned by:\n");
    for (line, text) in found {
        out.push_str(&format!("\n- line {line}: `{text}`"));
    }
    out
}

/// Where the rules a board names come from.
fn rules_named(document: &Document, reference: &ast::RulesRef) -> String {
    match reference {
        ast::RulesRef::Builtin(name) => match builtin::rules(&name.text) {
            Some(r) => format!(
                "**Built-in rules `{}`**\n\n{}\n\nSource: {}",
                r.name, r.summary, r.origin
            ),
            None => format!(
                "No built-in rules are called `{}`; the built-in rules are {}.",
                name.text,
                builtin::rules_names()
            ),
        },
        ast::RulesRef::Path(path) => {
            let full = document.folder().map_or_else(
                || path.text.clone(),
                |d| d.join(&path.text).display().to_string(),
            );
            match &document.rules {
                Some(rules) => format!(
                    "**Rules file `{full}`**\n\nrules `{}`: {} room states, {} hatch states, {} items",
                    rules.name,
                    rules.room_states.len(),
                    rules.hatch_states.len(),
                    rules.items.len()
                ),
                None => format!("**Rules file `{full}`**\n\nthese rules do not compile"),
            }
        }
    }
}
