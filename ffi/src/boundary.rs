//! The FFI boundary: status codes, the thread-local last error, the panic guard
//! (`ffi_boundary!`) and checked conversions of raw pointers into Rust values.
//!
//! Every exported function is a thin shell: check pointers, convert, call the core, write
//! outputs. Those steps live here so that each capability module stays short and every entry
//! point behaves the same way.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::NonNull;

/// Result of every fallible call. `SSS_OK` is 0; each failure has its own stable number.
///
/// 1–99 mirror the variants of the engine's error type (new variants take the next free
/// number); 100 and up are errors of the C boundary itself. Numbers are never reused.
#[repr(i32)]
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[allow(non_camel_case_types)]
pub enum SssStatus {
    /// Success.
    SSS_OK = 0,
    /// A card's rank text is not one of `2-9`, `T`/`10`, `J`, `Q`, `K`, `A`.
    SSS_ERR_UNKNOWN_RANK = 1,
    /// A card's suit text is not one of `d c h s` or `♦ ♣ ♥ ♠`.
    SSS_ERR_UNKNOWN_SUIT = 2,
    /// A card code outside 0..=51.
    SSS_ERR_BAD_CARD_CODE = 3,
    /// The same card appears twice.
    SSS_ERR_DUPLICATE_CARD = 4,
    /// A hand, lane or deal with the wrong number of cards.
    SSS_ERR_WRONG_CARD_COUNT = 5,
    /// A rule set value out of range or contradicting another, or malformed rule-set JSON; the
    /// message names the field's JSON path.
    SSS_ERR_INVALID_RULES = 6,
    /// A preset name that is not one of `classic`, `regional`, `kx`, `hk`, `ranked`, `chinese_poker`.
    SSS_ERR_UNKNOWN_PRESET = 7,
    /// A special-hand name or id that the engine does not know.
    SSS_ERR_UNKNOWN_SPECIAL = 8,
    /// A declared special that the cards do not make or the rule set does not enable.
    SSS_ERR_SPECIAL_NOT_ALLOWED = 9,
    /// A table or round that cannot be settled or dealt.
    SSS_ERR_INVALID_TABLE = 10,
    /// A money setting out of range.
    SSS_ERR_INVALID_MONEY = 11,
    /// Any other argument out of range, including an integer that encodes no enum value.
    SSS_ERR_INVALID_ARGUMENT = 12,
    /// A card given as part of a hand (a fixed lane to complete) that the hand does not hold.
    SSS_ERR_CARD_NOT_IN_HAND = 13,
    /// No legal (non-fouled) arrangement keeps the lanes the player fixed.
    SSS_ERR_NO_LEGAL_ARRANGEMENT = 14,
    /// A card held more often than the rule set's deck holds it (RULES.md §11): a third copy of a
    /// card of a doubled suit. A repeated card of a suit the deck holds once stays
    /// `SSS_ERR_DUPLICATE_CARD`. The message names the card and its position.
    SSS_ERR_TOO_MANY_COPIES = 15,
    /// A joker (code 52/53, text `SJ`/`BJ`) the rule set's deck does not deal (RULES.md §12): joker
    /// text under a rule set without jokers, or the big joker (53) under one that deals a single
    /// joker. The message names the card and its position. Codes 52 and 53 under a rule set
    /// without jokers stay `SSS_ERR_BAD_CARD_CODE`, as any code above 51 is for one deck.
    SSS_ERR_JOKER_NOT_IN_DECK = 16,
    /// A required pointer argument was NULL.
    SSS_ERR_NULL_POINTER = 100,
    /// An output buffer is too small; the length out-parameter holds the needed size.
    SSS_ERR_BUFFER_TOO_SMALL = 101,
    /// A text argument is not valid UTF-8.
    SSS_ERR_INVALID_UTF8 = 102,
    /// The engine panicked (a bug); the call had no effect on its outputs.
    SSS_ERR_PANIC = 103,
    /// A handle argument is not a live handle of its type: a handle of another type (an
    /// `SssArranger *` passed as `SssRules *`), or one already freed. Best effort: each handle
    /// starts with a tag for its type that `*_free` overwrites, but freed memory may be reused
    /// (even by a new handle of the same type), so a use after free is not always caught.
    SSS_ERR_INVALID_HANDLE = 104,
}

/// Every status with its snake_case name, in number order: the one list that `SssStatus::ALL`,
/// [`SssStatus::name`] and the engine's errors (by [`engine::Error::kind`], which is the same
/// name) are read from. A test checks it against the enum as the header declares it.
const STATUS_NAMES: [(SssStatus, &str); 22] = {
    use SssStatus::*;
    [
        (SSS_OK, "ok"),
        (SSS_ERR_UNKNOWN_RANK, "unknown_rank"),
        (SSS_ERR_UNKNOWN_SUIT, "unknown_suit"),
        (SSS_ERR_BAD_CARD_CODE, "bad_card_code"),
        (SSS_ERR_DUPLICATE_CARD, "duplicate_card"),
        (SSS_ERR_WRONG_CARD_COUNT, "wrong_card_count"),
        (SSS_ERR_INVALID_RULES, "invalid_rules"),
        (SSS_ERR_UNKNOWN_PRESET, "unknown_preset"),
        (SSS_ERR_UNKNOWN_SPECIAL, "unknown_special"),
        (SSS_ERR_SPECIAL_NOT_ALLOWED, "special_not_allowed"),
        (SSS_ERR_INVALID_TABLE, "invalid_table"),
        (SSS_ERR_INVALID_MONEY, "invalid_money"),
        (SSS_ERR_INVALID_ARGUMENT, "invalid_argument"),
        (SSS_ERR_CARD_NOT_IN_HAND, "card_not_in_hand"),
        (SSS_ERR_NO_LEGAL_ARRANGEMENT, "no_legal_arrangement"),
        (SSS_ERR_TOO_MANY_COPIES, "too_many_copies"),
        (SSS_ERR_JOKER_NOT_IN_DECK, "joker_not_in_deck"),
        (SSS_ERR_NULL_POINTER, "null_pointer"),
        (SSS_ERR_BUFFER_TOO_SMALL, "buffer_too_small"),
        (SSS_ERR_INVALID_UTF8, "invalid_utf8"),
        (SSS_ERR_PANIC, "panic"),
        (SSS_ERR_INVALID_HANDLE, "invalid_handle"),
    ]
};

impl SssStatus {
    /// Every status, in number order.
    pub(crate) const ALL: [SssStatus; STATUS_NAMES.len()] = {
        let mut all = [SssStatus::SSS_OK; STATUS_NAMES.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = STATUS_NAMES[i].0;
            i += 1;
        }
        all
    };

    /// The status with this number, if any.
    pub fn from_i32(n: i32) -> Option<SssStatus> {
        SssStatus::ALL.into_iter().find(|s| *s as i32 == n)
    }

    /// snake_case name; for the engine's errors, the kind the engine and the test vectors name them by.
    pub const fn name(self) -> &'static str {
        let mut i = 0;
        while i < STATUS_NAMES.len() {
            if STATUS_NAMES[i].0 as i32 == self as i32 {
                return STATUS_NAMES[i].1;
            }
            i += 1;
        }
        // Unreachable while the list holds every status (tested against the header).
        "unknown_status"
    }

    /// The status of an engine error kind (`"duplicate_card"`), if it has one of its own.
    fn of_kind(kind: &str) -> Option<SssStatus> {
        STATUS_NAMES.iter().find(|(s, name)| *name == kind && (1..100).contains(&(*s as i32))).map(|&(s, _)| s)
    }
}

/// A failed call: the status to return and the message for the last error.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// The status returned to C.
    pub status: SssStatus,
    /// What was wrong, for `sss_last_error_message`.
    pub message: String,
}

impl Failure {
    /// A failure with this status and message.
    pub fn new(status: SssStatus, message: impl Into<String>) -> Failure {
        Failure { status, message: message.into() }
    }

    /// `SSS_ERR_INVALID_ARGUMENT` with a message.
    pub fn invalid_argument(message: impl Into<String>) -> Failure {
        Failure::new(SssStatus::SSS_ERR_INVALID_ARGUMENT, message)
    }

    /// `SSS_ERR_NULL_POINTER` naming the argument.
    pub fn null(name: &str) -> Failure {
        Failure::new(SssStatus::SSS_ERR_NULL_POINTER, format!("argument `{name}` is NULL"))
    }
}

impl From<engine::Error> for Failure {
    fn from(e: engine::Error) -> Failure {
        // The engine's error is non_exhaustive: a kind added later reaches C as an invalid
        // argument (with its own message) until it gets a number of its own.
        let status = SssStatus::of_kind(e.kind()).unwrap_or(SssStatus::SSS_ERR_INVALID_ARGUMENT);
        Failure { status, message: e.to_string() }
    }
}

// ---------------------------------------------------------------------------------------------
// Thread-local last error
// ---------------------------------------------------------------------------------------------

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Record the message of a failed call for this thread.
pub(crate) fn set_last_error(message: &str) {
    // `try_with`: during thread teardown the slot may be gone; losing a message beats aborting.
    let _ = LAST_ERROR.try_with(|slot| {
        if let Ok(mut s) = slot.try_borrow_mut() {
            s.clear();
            s.push_str(message);
        }
    });
}

pub(crate) fn last_error_len() -> usize {
    LAST_ERROR.try_with(|slot| slot.borrow().len()).unwrap_or(0)
}

/// `sss_last_error_message`: unlike every other entry point its own failures must not replace
/// the message being read, so it reports them by status only.
pub(crate) fn last_error_message(buf: *mut u8, cap: usize, out_len: *mut usize) -> SssStatus {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let message = LAST_ERROR.try_with(|slot| slot.borrow().clone()).unwrap_or_default();
        // SAFETY: the caller guarantees `buf` is valid for `cap` bytes and `out_len` for a write.
        let out = unsafe { TextOut::new(buf, cap, out_len) }?;
        unsafe { out.write_quiet(message.as_bytes()) }
    }));
    match result {
        Ok(Ok(())) => SssStatus::SSS_OK,
        Ok(Err(f)) => f.status,
        Err(_) => SssStatus::SSS_ERR_PANIC,
    }
}

// ---------------------------------------------------------------------------------------------
// The panic guard
// ---------------------------------------------------------------------------------------------

/// Run the body of an exported function: a closure returning `Result<(), Failure>` for
/// functions that return [`SssStatus`], or (with `fallback = value;`) `Result<T, Failure>` for
/// the few that return a plain value. Failures and panics are recorded as the last error; a
/// panic becomes `SSS_ERR_PANIC` (or the fallback). Inside the body use `?` freely: engine
/// errors convert to their status.
#[macro_export]
macro_rules! ffi_boundary {
    (fallback = $fallback:expr; $body:block) => {
        $crate::boundary::guard_value(|| -> ::std::result::Result<_, $crate::boundary::Failure> { $body }, $fallback)
    };
    ($body:block) => {
        $crate::boundary::guard(|| -> ::std::result::Result<(), $crate::boundary::Failure> { $body })
    };
}

/// The guard behind `ffi_boundary!` for status-returning functions.
pub fn guard<F: FnOnce() -> Result<(), Failure>>(f: F) -> SssStatus {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => SssStatus::SSS_OK,
        Ok(Err(failure)) => {
            set_last_error(&failure.message);
            failure.status
        }
        Err(payload) => {
            set_last_error(&panic_message(payload));
            SssStatus::SSS_ERR_PANIC
        }
    }
}

/// The guard behind `ffi_boundary!` for value-returning functions.
pub fn guard_value<T, F: FnOnce() -> Result<T, Failure>>(f: F, fallback: T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        Ok(Err(failure)) => {
            set_last_error(&failure.message);
            fallback
        }
        Err(payload) => {
            set_last_error(&panic_message(payload));
            fallback
        }
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    let what = if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic payload".to_string()
    };
    // A payload whose Drop panics must not escape either.
    let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
    format!("internal error (panic) in shisanshui: {what}")
}

// ---------------------------------------------------------------------------------------------
// Checked pointer conversions
// ---------------------------------------------------------------------------------------------

fn check_len<T>(len: usize, name: &str) -> Result<(), Failure> {
    // slice::from_raw_parts requires the byte size to fit in isize.
    let fits = matches!(len.checked_mul(std::mem::size_of::<T>().max(1)), Some(b) if b <= isize::MAX as usize);
    if !fits {
        return Err(Failure::invalid_argument(format!("length {len} of argument `{name}` is too large")));
    }
    Ok(())
}

fn check_aligned<T>(ptr: *const T, name: &str) -> Result<(), Failure> {
    // Alignments are powers of two.
    if (ptr as usize) & (std::mem::align_of::<T>() - 1) != 0 {
        return Err(Failure::invalid_argument(format!("argument `{name}` is not aligned")));
    }
    Ok(())
}

/// An input array `(ptr, len)`; NULL is accepted when `len` is 0.
///
/// # Safety
/// When non-NULL, `ptr` must point to `len` initialised values that outlive `'a` and are not
/// mutated meanwhile.
pub unsafe fn slice_in<'a, T>(ptr: *const T, len: usize, name: &str) -> Result<&'a [T], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Failure::null(name));
    }
    check_len::<T>(len, name)?;
    check_aligned(ptr, name)?;
    // SAFETY: non-NULL, aligned, size checked; validity is the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Input text `(ptr, len)` as UTF-8; NULL is accepted when `len` is 0.
///
/// # Safety
/// As [`slice_in`].
pub unsafe fn text_in<'a>(ptr: *const u8, len: usize, name: &str) -> Result<&'a str, Failure> {
    let bytes = unsafe { slice_in(ptr, len, name)? };
    std::str::from_utf8(bytes).map_err(|e| {
        Failure::new(
            SssStatus::SSS_ERR_INVALID_UTF8,
            format!("argument `{name}` is not valid UTF-8 (invalid byte at offset {})", e.valid_up_to()),
        )
    })
}

/// A required input object behind a `const` pointer.
///
/// # Safety
/// When non-NULL, `ptr` must point to a live `T` that outlives `'a` and is not mutated meanwhile.
pub unsafe fn ref_in<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Failure> {
    if ptr.is_null() {
        return Err(Failure::null(name));
    }
    check_aligned(ptr, name)?;
    // SAFETY: non-NULL and aligned; liveness is the caller's contract.
    Ok(unsafe { &*ptr })
}

/// A required object behind a mutable pointer.
///
/// # Safety
/// When non-NULL, `ptr` must point to a live `T` that outlives `'a` with no other access meanwhile.
pub unsafe fn mut_in<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T, Failure> {
    if ptr.is_null() {
        return Err(Failure::null(name));
    }
    check_aligned(ptr as *const T, name)?;
    // SAFETY: non-NULL and aligned; exclusivity is the caller's contract.
    Ok(unsafe { &mut *ptr })
}

// ---------------------------------------------------------------------------------------------
// Opaque handles with a type tag
// ---------------------------------------------------------------------------------------------

/// The body of every opaque handle: a tag naming its type, then the value. `repr(C)` puts the
/// tag first, and each handle type is a one-field wrapper of this (checked at compile time by
/// `handle_type!`), so the first 8 bytes of any live handle are its tag.
#[repr(C)]
pub struct Tagged<T> {
    tag: u64,
    /// The value the handle holds.
    pub inner: T,
}

/// The tag a freed handle is left with (until its memory is reused).
pub(crate) const TAG_FREED: u64 = u64::from_le_bytes(*b"sss:free");

/// An opaque handle type: a one-field wrapper of [`Tagged`] with a tag of its own.
pub trait Handle: Sized {
    /// The value held.
    type Inner;
    /// The type's tag (8 ASCII bytes, so it reads in a memory dump).
    const TAG: u64;
    /// The C type name, for messages.
    const NAME: &'static str;
    /// Wrap a tagged value.
    fn wrap(tagged: Tagged<Self::Inner>) -> Self;
}

/// Make `$name` (a `pub struct $name(Tagged<$inner>);`) a handle type with tag `$tag`, whose
/// `.inner` reads through to the value.
macro_rules! handle_type {
    ($name:ident, $inner:ty, $tag:literal) => {
        impl $crate::boundary::Handle for $name {
            type Inner = $inner;
            const TAG: u64 = u64::from_le_bytes(*$tag);
            const NAME: &'static str = stringify!($name);
            fn wrap(tagged: $crate::boundary::Tagged<$inner>) -> Self {
                $name(tagged)
            }
        }
        impl ::std::ops::Deref for $name {
            type Target = $crate::boundary::Tagged<$inner>;
            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }
        impl ::std::ops::DerefMut for $name {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.0
            }
        }
        // The tag check reads the first 8 bytes of whatever a handle pointer points at.
        const _: () = assert!(::std::mem::offset_of!($name, 0) == 0);
        const _: () = assert!(::std::mem::align_of::<$name>() >= 8);
    };
}

/// A new handle for C: the value boxed behind its type's tag. Release it with [`handle_free`].
pub fn handle_new<H: Handle>(inner: H::Inner) -> *mut H {
    Box::into_raw(Box::new(H::wrap(Tagged { tag: H::TAG, inner })))
}

/// Check that `ptr` is a live handle of type `H` (NULL, misaligned and wrong-tag pointers are
/// refused).
///
/// # Safety
/// `ptr` must be NULL or point to at least 8 readable bytes: a live handle of any type. A freed
/// handle breaks this contract; its tag is read anyway, which catches most such mistakes (the
/// allocator or `*_free` has overwritten it) but not all (the memory may hold a new handle).
unsafe fn check_handle<H: Handle>(ptr: *const H, name: &str) -> Result<(), Failure> {
    if ptr.is_null() {
        return Err(Failure::null(name));
    }
    let bad = |what: &str| {
        Failure::new(
            SssStatus::SSS_ERR_INVALID_HANDLE,
            format!("argument `{name}` is not a live {} handle ({what})", H::NAME),
        )
    };
    if (ptr as usize) & (std::mem::align_of::<H>() - 1) != 0 {
        return Err(bad("misaligned"));
    }
    // SAFETY: aligned and, by the contract above, 8 readable bytes: the tag of a live handle of
    // some type (every handle type starts with its u64 tag, asserted in `handle_type!`). Read
    // through the raw pointer, so no reference to a wrong type is ever made.
    match unsafe { ptr.cast::<u64>().read() } {
        t if t == H::TAG => Ok(()),
        TAG_FREED => Err(bad("already freed")),
        _ => Err(bad("a handle of another type, or one already freed")),
    }
}

/// A handle argument behind a `const` pointer, its tag checked.
///
/// # Safety
/// As [`ref_in`], except that a live handle of another type is refused
/// (`SSS_ERR_INVALID_HANDLE`) rather than undefined behaviour.
pub unsafe fn handle_ref<'a, H: Handle>(ptr: *const H, name: &str) -> Result<&'a H, Failure> {
    unsafe { check_handle(ptr, name)? };
    // SAFETY: a live `H` (its tag says so); liveness for `'a` is the caller's contract.
    Ok(unsafe { &*ptr })
}

/// A handle argument behind a mutable pointer, its tag checked.
///
/// # Safety
/// As [`mut_in`], with wrong-type handles refused as in [`handle_ref`].
pub unsafe fn handle_mut<'a, H: Handle>(ptr: *mut H, name: &str) -> Result<&'a mut H, Failure> {
    unsafe { check_handle(ptr, name)? };
    // SAFETY: a live `H`; exclusivity is the caller's contract.
    Ok(unsafe { &mut *ptr })
}

/// Release a handle made by [`handle_new`]: NULL is ignored; a pointer that is not a live `H`
/// (wrong tag) is left alone and reported (`SSS_ERR_INVALID_HANDLE`), so a double free or a
/// handle of another type is not freed again (best effort, see `check_handle`).
///
/// # Safety
/// `ptr` must be NULL or a live handle (of any type) made by [`handle_new`].
pub unsafe fn handle_free<H: Handle>(ptr: *mut H, name: &str) -> Result<(), Failure> {
    if ptr.is_null() {
        return Ok(());
    }
    unsafe { check_handle(ptr, name)? };
    // SAFETY: a live `H` made by `handle_new` (Box::into_raw), freed here once. The tag is
    // overwritten first so that a later use of the dangling pointer is refused as long as the
    // memory is not reused.
    unsafe {
        ptr.cast::<u64>().write(TAG_FREED);
        drop(Box::from_raw(ptr));
    }
    Ok(())
}

/// A required out-parameter, checked up front and written once on success. The target may be
/// uninitialised, so it is written through the raw pointer, never read or referenced.
pub struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// Check an out-parameter.
    ///
    /// # Safety
    /// When non-NULL, `ptr` must be valid for a write of `T`.
    pub unsafe fn new(ptr: *mut T, name: &str) -> Result<Out<T>, Failure> {
        let p = NonNull::new(ptr).ok_or_else(|| Failure::null(name))?;
        check_aligned(ptr as *const T, name)?;
        Ok(Out(p))
    }

    /// The checked pointer (for a struct whose first field says how much of it there is).
    pub fn as_ptr(&self) -> *mut T {
        self.0.as_ptr()
    }

    /// Write the result.
    ///
    /// # Safety
    /// The pointer given to [`Out::new`] must still be valid for a write.
    pub unsafe fn write(self, value: T) {
        // SAFETY: checked non-NULL and aligned in `new`; validity is the caller's contract.
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// A caller buffer `(buf, cap, out_len)` for a copy-out of `T`s (bytes of text, card codes).
pub struct BufOut<T> {
    buf: *mut T,
    cap: usize,
    out_len: Out<usize>,
    what: &'static str,
}

/// A text copy-out: UTF-8 bytes, NUL-terminated when there is room.
pub type TextOut = BufOut<u8>;

impl<T: Copy> BufOut<T> {
    /// Check a copy-out's pointers: `out_len` is required; `buf` may be NULL only when `cap` is 0.
    ///
    /// # Safety
    /// `buf` must be valid for writes of `cap` values and `out_len` for a write of `size_t`.
    pub unsafe fn with_names(
        buf: *mut T,
        cap: usize,
        out_len: *mut usize,
        buf_name: &str,
        len_name: &str,
        what: &'static str,
    ) -> Result<BufOut<T>, Failure> {
        let out_len = unsafe { Out::new(out_len, len_name)? };
        if cap > 0 {
            if buf.is_null() {
                return Err(Failure::null(buf_name));
            }
            check_len::<T>(cap, buf_name)?;
            check_aligned(buf as *const T, buf_name)?;
        }
        Ok(BufOut { buf, cap, out_len, what })
    }

    /// Copy `items` out, or fail with `SSS_ERR_BUFFER_TOO_SMALL` after storing the needed length.
    ///
    /// # Safety
    /// The pointers checked in the constructor must still be valid.
    pub unsafe fn write_items(self, items: &[T], terminator: Option<T>) -> Result<(), Failure> {
        let n = items.len();
        if n > self.cap {
            let what = self.what;
            let cap = self.cap;
            unsafe { self.out_len.write(n) };
            return Err(Failure::new(
                SssStatus::SSS_ERR_BUFFER_TOO_SMALL,
                format!("buffer too small: the {what} needs {n}, the buffer holds {cap}"),
            ));
        }
        if n > 0 {
            // SAFETY: `buf` is valid for `cap >= n` writes and cannot overlap `items`, which the
            // engine owns.
            unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), self.buf, n) };
        }
        if let Some(t) = terminator {
            if n < self.cap {
                unsafe { self.buf.add(n).write(t) };
            }
        }
        unsafe { self.out_len.write(n) };
        Ok(())
    }
}

impl TextOut {
    /// The standard text copy-out `(buf, cap, out_len)`.
    ///
    /// # Safety
    /// As [`BufOut::with_names`].
    pub unsafe fn new(buf: *mut u8, cap: usize, out_len: *mut usize) -> Result<TextOut, Failure> {
        unsafe { BufOut::with_names(buf, cap, out_len, "buf", "out_len", "text (bytes)") }
    }

    /// Copy text out (NUL-terminated when `cap > len`).
    ///
    /// # Safety
    /// As [`BufOut::write_items`].
    pub unsafe fn write(self, text: &str) -> Result<(), Failure> {
        unsafe { self.write_items(text.as_bytes(), Some(0)) }
    }

    /// As [`TextOut::write`] for raw bytes.
    ///
    /// # Safety
    /// As [`BufOut::write_items`].
    pub(crate) unsafe fn write_quiet(self, bytes: &[u8]) -> Result<(), Failure> {
        unsafe { self.write_items(bytes, Some(0)) }
    }
}

/// A flag given as `uint8_t`: 0 or 1, anything else is an invalid argument (never "truthy").
pub fn flag_in(value: u8, name: &str) -> Result<bool, Failure> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        v => Err(Failure::invalid_argument(format!("argument `{name}` must be 0 or 1, got {v}"))),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The current thread's last error as a String (test helper).
    pub(crate) fn last_error() -> String {
        LAST_ERROR.with(|s| s.borrow().clone())
    }

    /// Assert that the last error refuses `players` seats at a deck that seats 2 to `most`,
    /// naming both numbers (the wording is the engine's).
    pub(crate) fn assert_names_table(players: usize, most: usize) {
        let m = last_error();
        assert!(m.contains(&format!("{players} player")) && m.contains(&format!("2 to {most}")), "{m}");
    }

    extern "C" fn forced_panic() -> SssStatus {
        ffi_boundary!({
            let v: Vec<u8> = Vec::new();
            // Index out of bounds on purpose: a real panic, caught at the boundary.
            let _ = v[std::hint::black_box(3)];
            Ok(())
        })
    }

    extern "C" fn forced_panic_value() -> u32 {
        ffi_boundary!(fallback = 7; { panic!("forced {}", 42) })
    }

    #[test]
    fn panics_become_status_and_message() {
        assert_eq!(forced_panic(), SssStatus::SSS_ERR_PANIC);
        let m = last_error();
        assert!(m.starts_with("internal error (panic) in shisanshui: "), "{m}");
        assert!(m.contains("index out of bounds"), "{m}");
        assert_eq!(forced_panic_value(), 7);
        assert!(last_error().ends_with("forced 42"));
    }

    #[test]
    fn every_engine_error_has_its_status() {
        use engine::Error as E;
        let cases = [
            (E::UnknownRank { token: "Xs".into(), token_len: 2, position: 0 }, SssStatus::SSS_ERR_UNKNOWN_RANK),
            (E::UnknownSuit { token: "Ax".into(), token_len: 2, position: 0 }, SssStatus::SSS_ERR_UNKNOWN_SUIT),
            (E::BadCardCode { code: 52 }, SssStatus::SSS_ERR_BAD_CARD_CODE),
            (
                E::DuplicateCard { card: engine::Card::from_code(0).unwrap(), position: 1, seats: None },
                SssStatus::SSS_ERR_DUPLICATE_CARD,
            ),
            (E::WrongCardCount { expected: 5, found: 4, lane: None }, SssStatus::SSS_ERR_WRONG_CARD_COUNT),
            (E::InvalidRules { path: "a".into(), reason: "b".into() }, SssStatus::SSS_ERR_INVALID_RULES),
            (E::UnknownPreset("x".into()), SssStatus::SSS_ERR_UNKNOWN_PRESET),
            (E::UnknownSpecial("x".into()), SssStatus::SSS_ERR_UNKNOWN_SPECIAL),
            (E::SpecialNotAllowed { special: "x".into(), reason: "y".into() }, SssStatus::SSS_ERR_SPECIAL_NOT_ALLOWED),
            (E::InvalidTable("x".into()), SssStatus::SSS_ERR_INVALID_TABLE),
            (E::InvalidMoney("x".into()), SssStatus::SSS_ERR_INVALID_MONEY),
            (E::InvalidArgument("x".into()), SssStatus::SSS_ERR_INVALID_ARGUMENT),
            (
                E::CardNotInHand { card: engine::Card::from_code(0).unwrap(), position: 1 },
                SssStatus::SSS_ERR_CARD_NOT_IN_HAND,
            ),
            (E::NoLegalArrangement("x".into()), SssStatus::SSS_ERR_NO_LEGAL_ARRANGEMENT),
            (
                E::TooManyCopies { card: engine::Card::from_code(51).unwrap(), position: 7, copies: 2 },
                SssStatus::SSS_ERR_TOO_MANY_COPIES,
            ),
            (
                E::JokerNotInDeck { card: engine::Card::SMALL_JOKER, position: 2, jokers: 0 },
                SssStatus::SSS_ERR_JOKER_NOT_IN_DECK,
            ),
        ];
        for (e, status) in cases {
            let f = Failure::from(e.clone());
            assert_eq!(f.status, status, "{e:?}");
            assert_eq!(status.name(), e.kind(), "{e:?}");
            assert_eq!(f.message, e.to_string());
        }
    }

    #[test]
    #[cfg_attr(miri, ignore)] // reads the header: Miri isolates the file system
    fn the_status_list_is_the_headers_enum() {
        // Every `SSS_... = N` of the header's SssStatus (generated from the enum) is in the list, with
        // the name its C name spells; and nothing else is.
        let header = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../include/shisanshui.h")).unwrap();
        let body = &header[header.find("enum SssStatus").unwrap()..];
        let body = &body[..body.find("};").unwrap()];
        let mut declared = Vec::new();
        for line in body.lines().map(str::trim) {
            if let Some((name, number)) = line.strip_suffix(',').and_then(|l| l.split_once(" = ")) {
                declared.push((name.to_string(), number.parse::<i32>().unwrap()));
            }
        }
        assert_eq!(declared.len(), SssStatus::ALL.len(), "{declared:?}");
        for ((c_name, number), status) in declared.iter().zip(SssStatus::ALL) {
            assert_eq!(*number, status as i32, "{c_name}");
            let spelled = c_name.trim_start_matches("SSS_ERR_").trim_start_matches("SSS_").to_lowercase();
            assert_eq!(status.name(), spelled, "{c_name}");
            assert_eq!(SssStatus::from_i32(*number), Some(status));
        }
    }

    #[test]
    fn status_numbers_are_stable() {
        // The numbers are ABI: this list may only grow.
        let expected = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 100, 101, 102, 103, 104];
        let got: Vec<i32> = SssStatus::ALL.iter().map(|s| *s as i32).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn flags_are_strict() {
        assert_eq!(flag_in(0, "f"), Ok(false));
        assert_eq!(flag_in(1, "f"), Ok(true));
        let e = flag_in(2, "strict_order").unwrap_err();
        assert_eq!(e.status, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(e.message.contains("`strict_order`"));
    }
}
