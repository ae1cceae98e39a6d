//! Benchmarks live in benches/benches (placeholder).
