//! Python bindings (placeholder: filled by the Python work).
