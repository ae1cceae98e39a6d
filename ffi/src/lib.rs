//! # The C ABI of shisanshui (十三水)
//!
//! A thin layer over the `shisanshui` crate, in the discipline of rustls-ffi:
//!
//! - Every exported name starts with `sss_` (functions) or `Sss` (types).
//! - Every fallible function returns an [`SssStatus`]; `SSS_OK` (0) is success. On failure the
//!   calling thread's *last error* holds a message naming what was wrong; read it with
//!   [`sss_last_error_message`]. A successful call leaves the last error as it was, so read it
//!   right after the failing call.
//! - Inputs first, outputs last. Out-parameters are written only on success; the one exception
//!   is the length out-parameter of a copy-out, which reports the needed size together with
//!   `SSS_ERR_BUFFER_TOO_SMALL`.
//! - Every pointer is NULL-checked (`SSS_ERR_NULL_POINTER`). An input array or text of length 0
//!   may be NULL; an output buffer of capacity 0 may be NULL (a size query).
//! - A `const` pointer argument is never mutated. Opaque handles made by `*_new*`/`*_clone`
//!   are released exactly once by their `*_free` (NULL-safe). Each handle starts with a tag for
//!   its type ([`boundary::Tagged`]), checked on entry: a handle of another type or one already
//!   freed is `SSS_ERR_INVALID_HANDLE` (and a `*_free` leaves it alone) — best effort, since
//!   freed memory may be reused.
//! - Text goes in as UTF-8 `(const uint8_t *ptr, size_t len)` (no NUL needed) and comes out into
//!   a caller buffer `(uint8_t *buf, size_t cap, size_t *out_len)`: `*out_len` is the text's
//!   length in bytes without a terminator; a NUL is appended when `cap > len`.
//! - Integers that encode enums (wheel, style, language, category) are plain integers,
//!   validated on entry (`SSS_ERR_INVALID_ARGUMENT`); flags are `uint8_t` 0 or 1, never C `bool`.
//! - No panic crosses the boundary: each entry point runs inside [`ffi_boundary!`], which turns a
//!   panic into `SSS_ERR_PANIC`.
//!
//! One module per capability, each using the helpers of [`boundary`]: [`card`], [`eval`],
//! [`rules`], [`special`], [`settle`] and [`money`], [`deal`] and [`arrange`], [`batch`] (many
//! hands or rounds per call, into caller buffers), [`hints`] (理牌) and [`simulate`].

#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

#[macro_use]
pub mod boundary;
pub mod card;
pub mod eval;
pub mod rules;
// Special hands.
pub mod special;
// Settlement and money.
pub mod money;
pub mod settle;
// Dealing and auto-arrangement.
pub mod arrange;
pub mod deal;
// Batches: many hands or rounds per call.
pub mod batch;
// 理牌 hints for manual arranging.
pub mod hints;
pub mod simulate;

pub use boundary::SssStatus;

#[cfg(test)]
mod handle_tests;

/// Version of the C ABI described by `include/shisanshui.h`. Bumped on any incompatible change
/// (a removed or changed function, struct layout or status number); additions keep it.
pub const SSS_ABI_VERSION: u32 = 2;

/// The ABI version this library implements; compare with the header's `SSS_ABI_VERSION` at
/// start-up to catch a header/library mismatch.
#[no_mangle]
pub extern "C" fn sss_abi_version() -> u32 {
    ffi_boundary!(fallback = 0; { Ok(SSS_ABI_VERSION) })
}

/// Copy the library version (e.g. `0.2.0`, semantic versioning) into `buf`.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` must be valid.
#[no_mangle]
pub unsafe extern "C" fn sss_version(buf: *mut u8, cap: usize, out_len: *mut usize) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { boundary::TextOut::new(buf, cap, out_len)? };
        unsafe { out.write(engine::VERSION) }
    })
}

/// Copy the calling thread's last error message (UTF-8) into `buf`.
///
/// Returns `SSS_ERR_BUFFER_TOO_SMALL` with the needed length in `*out_len` when `cap` is too
/// small (pass `cap` 0 to ask for the length). The message is empty when no call on this thread
/// has failed yet. This function never changes the last error itself.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` must be valid.
#[no_mangle]
pub unsafe extern "C" fn sss_last_error_message(buf: *mut u8, cap: usize, out_len: *mut usize) -> SssStatus {
    boundary::last_error_message(buf, cap, out_len)
}

/// Length in bytes (without a terminator) of the calling thread's last error message; 0 when
/// there is none.
#[no_mangle]
pub extern "C" fn sss_last_error_length() -> usize {
    ffi_boundary!(fallback = 0; { Ok(boundary::last_error_len()) })
}

/// Copy the snake_case name of a status code (`ok`, `unknown_rank`, `null_pointer`, …; the names
/// of the shared test vectors) into `buf`. An unknown number is `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` must be valid.
#[no_mangle]
pub unsafe extern "C" fn sss_status_name(status: i32, buf: *mut u8, cap: usize, out_len: *mut usize) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { boundary::TextOut::new(buf, cap, out_len)? };
        let status = SssStatus::from_i32(status)
            .ok_or_else(|| boundary::Failure::invalid_argument(format!("{status} is not a status code")))?;
        unsafe { out.write(status.name()) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;

    #[test]
    fn abi_and_crate_versions() {
        assert_eq!(sss_abi_version(), SSS_ABI_VERSION);
        let mut buf = [0xAAu8; 16];
        let mut len = 0usize;
        assert_eq!(unsafe { sss_version(buf.as_mut_ptr(), buf.len(), &mut len) }, SssStatus::SSS_OK);
        assert_eq!(&buf[..len], engine::VERSION.as_bytes());
        assert_eq!(buf[len], 0, "NUL-terminated when there is room");
    }

    #[test]
    fn status_names_round_trip() {
        for code in 0..=255 {
            let mut buf = [0u8; 64];
            let mut len = 0usize;
            let st = unsafe { sss_status_name(code, buf.as_mut_ptr(), buf.len(), &mut len) };
            match SssStatus::from_i32(code) {
                Some(s) => {
                    assert_eq!(st, SssStatus::SSS_OK);
                    assert_eq!(&buf[..len], s.name().as_bytes());
                    assert_eq!(s as i32, code);
                }
                None => {
                    assert_eq!(st, SssStatus::SSS_ERR_INVALID_ARGUMENT);
                    assert!(last_error().contains(&code.to_string()));
                }
            }
        }
    }

    #[test]
    fn last_error_copy_out() {
        // Make an error, then read it through every path.
        let mut code = 0u8;
        let st = unsafe { card::sss_card_parse(b"Xs".as_ptr(), 2, &mut code) };
        assert_eq!(st, SssStatus::SSS_ERR_UNKNOWN_RANK);
        let msg = last_error();
        assert!(msg.contains("\"Xs\""), "{msg}");
        assert_eq!(sss_last_error_length(), msg.len());

        // Too small: needed length reported, buffer untouched, the message itself unchanged.
        let mut small = [0xAAu8; 4];
        let mut len = 0usize;
        let st = unsafe { sss_last_error_message(small.as_mut_ptr(), small.len(), &mut len) };
        assert_eq!(st, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        assert_eq!(len, msg.len());
        assert_eq!(small, [0xAA; 4]);
        assert_eq!(last_error(), msg);

        // Size query with a NULL buffer.
        let st = unsafe { sss_last_error_message(std::ptr::null_mut(), 0, &mut len) };
        assert_eq!(st, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        assert_eq!(len, msg.len());

        // Exactly the length: fits, but no room for the NUL.
        let mut exact = vec![0xAAu8; msg.len()];
        let st = unsafe { sss_last_error_message(exact.as_mut_ptr(), exact.len(), &mut len) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(exact, msg.as_bytes());

        // NULL out_len: reported as a status, the message kept.
        let st = unsafe { sss_last_error_message(exact.as_mut_ptr(), exact.len(), std::ptr::null_mut()) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), msg);

        // Non-zero capacity with a NULL buffer.
        let st = unsafe { sss_last_error_message(std::ptr::null_mut(), 100, &mut len) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
    }

    #[test]
    fn last_error_is_per_thread() {
        let mut code = 0u8;
        assert_eq!(unsafe { card::sss_card_parse(b"Ax".as_ptr(), 2, &mut code) }, SssStatus::SSS_ERR_UNKNOWN_SUIT);
        let other = std::thread::spawn(|| (sss_last_error_length(), last_error())).join().unwrap();
        assert_eq!(other, (0, String::new()));
        assert!(last_error().contains("unknown suit"));
    }
}
