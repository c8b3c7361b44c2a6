//! `hatchway completions` and `hatchway man`: shell completions and the man
//! page, generated from the command-line definition so they never drift
//! from it.

use clap::CommandFactory;

use super::*;

/// Writes generated text to standard output. The generators are given a
/// buffer, not the terminal: they panic when a write fails, and a closed pipe
/// (`hatchway man | head`) is not a reason to panic.
fn emit(bytes: &[u8]) -> Exit {
    let _ = std::io::stdout().lock().write_all(bytes);
    Exit::Success
}

pub(super) fn completions(shell: clap_complete::Shell) -> Exit {
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "hatchway", &mut buffer);
    emit(&buffer)
}

pub(super) fn man(command: Option<&str>, term: &Terminal) -> Exit {
    let cli = Cli::command();
    let page = match command {
        None => cli,
        Some(name) => {
            let Some(sub) = cli.find_subcommand(name) else {
                let names: Vec<&str> = cli
                    .get_subcommands()
                    .map(|c| c.get_name())
                    .filter(|n| *n != "help")
                    .collect();
                print_plain(
                    format!("there is no command `{name}`"),
                    Some(format!(
                        "{}the commands are: {}",
                        hatchway::spelling::did_you_mean(name, names.iter().copied()),
                        names.join(", ")
                    )),
                    term,
                );
                return Exit::Invalid;
            };
            // The page of `hatchway paths` is `hatchway-paths(1)`, the name
            // the main page's list of commands refers to.
            let title = format!("hatchway-{}", sub.get_name());
            let bin = format!("hatchway {}", sub.get_name());
            sub.clone().display_name(title).bin_name(bin)
        }
    };
    let mut buffer = Vec::new();
    let man = clap_mangen::Man::new(page).source(format!("hatchway {}", env!("CARGO_PKG_VERSION")));
    match man.render(&mut buffer) {
        Ok(()) => emit(&buffer),
        Err(e) => {
            print_plain(format!("cannot write the man page: {e}"), None, term);
            Exit::Invalid
        }
    }
}
