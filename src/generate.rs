//! Seeded, reproducible random boards for property tests and benchmarks.
