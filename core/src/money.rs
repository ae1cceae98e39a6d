//! Placeholder: filled by the money work.
