//! The documents a user reads are tests: every `console` block of README.md
//! and docs/*.md is run against the built binary and its output (standard
//! output and standard error together) and exit code compared, so a changed
//! output fails here until the document shows it.

#[test]
fn readme_and_docs_examples_run_as_shown() {
    trycmd::TestCases::new()
        .register_bin("hatchway", trycmd::cargo::cargo_bin!("hatchway"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .case("README.md")
        .case("docs/*.md");
}
