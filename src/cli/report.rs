//! `hatchway report`: the whole turn as one self-contained HTML page.

use super::*;

pub(super) fn report(
    path: Option<&Path>,
    args: &QueryArgs,
    output: Option<&Path>,
    term: &Terminal,
) -> Exit {
    let q = match load_query(path, args, term) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let solution = match solve(&q, Offers::ALL, Keeps::Steps, term) {
        Ok(s) => s,
        Err(e) => return e,
    };
    let answer = q.answer(&solution.outcomes);
    // The page of no outcome says nothing of why; standard error does.
    if answer.outcomes().is_empty()
        && let Some(why) = q.why_none(&solution.outcomes, false)
    {
        print_plain(why, None, term);
    }
    let (shown, total) = (answer.outcomes().len(), answer.total);
    let page = match render::report(&answer) {
        Ok(page) => page,
        Err(render::RenderError::Refused(refused)) => return print_refused(&refused, term),
        Err(e) => {
            print_plain(format!("cannot write the report: {e}"), None, term);
            return Exit::Invalid;
        }
    };
    match output {
        None => {
            let _ = std::io::stdout().lock().write_all(page.as_bytes());
        }
        Some(file) => {
            if let Err(e) = std::fs::write(file, page) {
                print_plain(
                    format!("cannot write `{}`: {e}", file.display()),
                    None,
                    term,
                );
                return Exit::Invalid;
            }
            println!(
                "written to {}: {} of {}",
                file.display(),
                render::count(shown as u64, "outcome"),
                total
            );
        }
    }
    Exit::Success
}
