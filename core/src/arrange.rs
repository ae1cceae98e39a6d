//! Placeholder: filled by the arrange work.
