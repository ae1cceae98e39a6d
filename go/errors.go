package shisanshui

// #include <stdlib.h>
// #include "shisanshui.h"
import "C"

import "unsafe"

// Status is the engine's status code (SssStatus in the C header): what kind of thing was wrong.
type Status int32

// The statuses of the C ABI, one for each kind of error.
const (
	StatusOK                 Status = C.SSS_OK
	StatusUnknownRank        Status = C.SSS_ERR_UNKNOWN_RANK
	StatusUnknownSuit        Status = C.SSS_ERR_UNKNOWN_SUIT
	StatusBadCardCode        Status = C.SSS_ERR_BAD_CARD_CODE
	StatusDuplicateCard      Status = C.SSS_ERR_DUPLICATE_CARD
	StatusWrongCardCount     Status = C.SSS_ERR_WRONG_CARD_COUNT
	StatusInvalidRules       Status = C.SSS_ERR_INVALID_RULES
	StatusUnknownPreset      Status = C.SSS_ERR_UNKNOWN_PRESET
	StatusUnknownSpecial     Status = C.SSS_ERR_UNKNOWN_SPECIAL
	StatusSpecialNotAllowed  Status = C.SSS_ERR_SPECIAL_NOT_ALLOWED
	StatusInvalidTable       Status = C.SSS_ERR_INVALID_TABLE
	StatusInvalidMoney       Status = C.SSS_ERR_INVALID_MONEY
	StatusInvalidArgument    Status = C.SSS_ERR_INVALID_ARGUMENT
	StatusCardNotInHand      Status = C.SSS_ERR_CARD_NOT_IN_HAND
	StatusNoLegalArrangement Status = C.SSS_ERR_NO_LEGAL_ARRANGEMENT
	StatusTooManyCopies      Status = C.SSS_ERR_TOO_MANY_COPIES
	StatusJokerNotInDeck     Status = C.SSS_ERR_JOKER_NOT_IN_DECK
	StatusNullPointer        Status = C.SSS_ERR_NULL_POINTER
	StatusBufferTooSmall     Status = C.SSS_ERR_BUFFER_TOO_SMALL
	StatusInvalidUTF8        Status = C.SSS_ERR_INVALID_UTF8
	StatusPanic              Status = C.SSS_ERR_PANIC
	StatusInvalidHandle      Status = C.SSS_ERR_INVALID_HANDLE
)

// Sentinels for errors.Is: an *Error matches the sentinel of its Status.
var (
	ErrUnknownRank        = &Error{Status: StatusUnknownRank}
	ErrUnknownSuit        = &Error{Status: StatusUnknownSuit}
	ErrBadCardCode        = &Error{Status: StatusBadCardCode}
	ErrDuplicateCard      = &Error{Status: StatusDuplicateCard}
	ErrWrongCardCount     = &Error{Status: StatusWrongCardCount}
	ErrInvalidRules       = &Error{Status: StatusInvalidRules}
	ErrUnknownPreset      = &Error{Status: StatusUnknownPreset}
	ErrUnknownSpecial     = &Error{Status: StatusUnknownSpecial}
	ErrSpecialNotAllowed  = &Error{Status: StatusSpecialNotAllowed}
	ErrInvalidTable       = &Error{Status: StatusInvalidTable}
	ErrInvalidMoney       = &Error{Status: StatusInvalidMoney}
	ErrInvalidArgument    = &Error{Status: StatusInvalidArgument}
	ErrCardNotInHand      = &Error{Status: StatusCardNotInHand}
	ErrNoLegalArrangement = &Error{Status: StatusNoLegalArrangement}
	ErrTooManyCopies      = &Error{Status: StatusTooManyCopies}
	ErrJokerNotInDeck     = &Error{Status: StatusJokerNotInDeck}
	ErrNullPointer        = &Error{Status: StatusNullPointer}
	ErrBufferTooSmall     = &Error{Status: StatusBufferTooSmall}
	ErrInvalidUTF8        = &Error{Status: StatusInvalidUTF8}
	ErrPanic              = &Error{Status: StatusPanic}
	ErrInvalidHandle      = &Error{Status: StatusInvalidHandle}
	// ErrClosed is returned by a method of a handle after its Close.
	ErrClosed = &Error{Status: StatusInvalidHandle, Message: "the handle is closed"}
)

// Error is what every failing call returns: the engine's status and its message, which names what
// was wrong (the card and its position, the rule set's JSON path, ...).
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string {
	if e.Message == "" {
		return "shisanshui: " + e.Status.String()
	}
	return "shisanshui: " + e.Message
}

// Is reports whether target is an *Error of the same Status: errors.Is(err, ErrDuplicateCard).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Status == e.Status
}

// String is the status's snake_case name as the engine writes it ("duplicate_card"), or
// "status N" for a number the engine does not know.
func (s Status) String() string {
	var buf [64]C.uint8_t
	var n C.size_t
	if C.sss_status_name(C.int32_t(s), &buf[0], C.size_t(len(buf)), &n) != C.SSS_OK {
		return "status " + itoa(int(s))
	}
	return C.GoStringN((*C.char)(unsafe.Pointer(&buf[0])), C.int(n))
}

// lastError reads the calling thread's last error message; call it on the thread that failed.
func lastError(st Status) *Error {
	n := C.sss_last_error_length()
	if n == 0 {
		return &Error{Status: st, Message: st.String()}
	}
	buf := C.malloc(n + 1)
	defer C.free(buf)
	var got C.size_t
	if C.sss_last_error_message((*C.uint8_t)(buf), n+1, &got) != C.SSS_OK {
		return &Error{Status: st, Message: st.String()}
	}
	return &Error{Status: st, Message: C.GoStringN((*C.char)(buf), C.int(got))}
}

// argError is an error the binding finds before calling the engine (a slice of the wrong size).
func argError(st Status, msg string) error { return &Error{Status: st, Message: msg} }
