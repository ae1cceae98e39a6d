//! C ABI (placeholder: filled by the FFI work).
