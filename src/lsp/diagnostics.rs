//! A document's problems as the editor shows them: the problems, codes and
//! places `hatchway check` reports, each problem's other places as related
//! information, and the problems of the rules file a board names under the
//! board's problem that those rules cannot be used.

use std::path::Path;

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
    PublishDiagnosticsParams, Range,
};

use super::documents::Document;
use super::files;
use super::position::Lines;
use crate::diagnostic::{Code, Report, Severity};

/// What to publish for `document`: every problem, or an empty list, which
/// clears what an earlier text showed.
pub(super) fn publish(document: &Document) -> PublishDiagnosticsParams {
    let (own, foreign): (Vec<&Report>, Vec<&Report>) = document
        .reports
        .iter()
        .partition(|r| r.file().name == document.name);
    let elsewhere: Vec<DiagnosticRelatedInformation> = foreign
        .iter()
        .filter_map(|r| related_elsewhere(r))
        .collect();
    let mut diagnostics: Vec<Diagnostic> = own.iter().map(|r| diagnostic(document, r)).collect();
    // The problems of a board's rules file belong under the board's problem
    // that says those rules cannot be used; when the rules have only
    // warnings, under the board's first line.
    if !elsewhere.is_empty() {
        match diagnostics
            .iter_mut()
            .find(|d| d.code == Some(code(Code::RulesUnusable)))
        {
            Some(unusable) => unusable
                .related_information
                .get_or_insert_with(Vec::new)
                .extend(elsewhere),
            None => diagnostics.extend(elsewhere.into_iter().map(|r| Diagnostic {
                range: Range::default(),
                severity: Some(DiagnosticSeverity::WARNING),
                source: Some("hatchway".to_string()),
                message: format!("in the rules this board names: {}", r.message),
                related_information: Some(vec![r]),
                ..Diagnostic::default()
            })),
        }
    }
    PublishDiagnosticsParams {
        uri: document.uri.clone(),
        diagnostics,
        version: document.version,
    }
}

fn code(code: Code) -> NumberOrString {
    NumberOrString::String(code.as_str().to_string())
}

/// One problem of the document itself, at its main place, with its other
/// places as related information.
pub(super) fn diagnostic(document: &Document, report: &Report) -> Diagnostic {
    let problem = report.problem();
    let range_of = |span| document.lines.range(&document.text, span);
    let range = problem
        .labels
        .first()
        .map_or_else(Range::default, |l| range_of(l.span));
    let related: Vec<DiagnosticRelatedInformation> = problem
        .labels
        .iter()
        .skip(1)
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(document.uri.clone(), range_of(l.span)),
            message: l.text.clone(),
        })
        .collect();
    let mut message = problem.message.clone();
    if let Some(help) = &problem.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    Diagnostic {
        range,
        severity: Some(severity(problem.severity)),
        code: Some(code(problem.code)),
        source: Some("hatchway".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Advice => DiagnosticSeverity::INFORMATION,
    }
}

/// A problem of another file (a board's rules file), as a place in that
/// file; `None` when the file is not one on disk.
fn related_elsewhere(report: &Report) -> Option<DiagnosticRelatedInformation> {
    let file = report.file();
    let uri = files::uri_of(Path::new(&file.name))?;
    let lines = Lines::new(&file.text);
    let range = report
        .problem()
        .labels
        .first()
        .map_or_else(Range::default, |l| lines.range(&file.text, l.span));
    Some(DiagnosticRelatedInformation {
        location: Location::new(uri, range),
        message: format!("{}: {}", report.problem().code, report.problem().message),
    })
}
