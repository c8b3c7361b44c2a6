//! `hatchway check`: validate board and rules files.

use super::*;

pub(super) fn builtin_inputs() -> Vec<Input> {
    let mut inputs: Vec<Input> = builtin::RULES
        .iter()
        .map(|r| Input {
            name: format!("{}.rules", r.name),
            text: r.text.to_string(),
            dir: None,
            kind: InputKind::Language,
        })
        .collect();
    inputs.push(load::standard_board());
    inputs
}

pub(super) fn describe(compiled: &Compiled) -> String {
    match compiled {
        Compiled::Rules(r) => format!(
            "rules `{}`: {}, {}, {}",
            r.name,
            render::count(r.room_states.len() as u64, "room state"),
            render::count(r.hatch_states.len() as u64, "hatch state"),
            render::count(r.items.len() as u64, "item")
        ),
        Compiled::Board(b) => format!(
            "board `{}`: {}, {}, rules `{}`",
            b.name,
            render::count(b.rooms.len() as u64, "room"),
            render::count(b.hatches.len() as u64, "hatch"),
            b.rules.name
        ),
    }
}

pub(super) fn check(files: &[PathBuf], format: CheckFormat, term: &Terminal) -> Exit {
    let inputs: Vec<(String, Result<Input, Failure>)> = if files.is_empty() {
        builtin_inputs()
            .into_iter()
            .map(|i| (i.name.clone(), Ok(i)))
            .collect()
    } else {
        files
            .iter()
            .map(|f| (f.display().to_string(), load::read(f)))
            .collect()
    };
    let mut exit = Exit::Success;
    let mut docs = Vec::new();
    for (name, input) in inputs {
        let result = input.and_then(|i| load::compile(&i));
        let (ok, reports, summary) = match result {
            Ok(loaded) => (true, loaded.warnings, Some(describe(&loaded.value))),
            Err(f) => (false, f.reports, None),
        };
        if !ok {
            exit = Exit::Invalid;
        }
        match format {
            CheckFormat::Text => {
                print_reports(&reports, term);
                if let Some(summary) = summary {
                    let mark = term.out.paint(anstyle::Style::new().bold(), "ok");
                    println!("{mark} {name}: {summary}");
                }
            }
            CheckFormat::Json => docs.push(document::CheckedFileDoc {
                file: name,
                ok,
                diagnostics: reports.iter().map(document::diagnostic_doc).collect(),
            }),
        }
    }
    if format == CheckFormat::Json {
        let doc = document::CheckDoc {
            ok: exit == Exit::Success,
            files: docs,
        };
        if write_document(&doc, false, term) != Exit::Success {
            return Exit::Invalid;
        }
    }
    exit
}
