//! Placeholder: filled by the deal work.
