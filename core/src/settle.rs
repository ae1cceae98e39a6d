//! Placeholder: filled by the settle work.
