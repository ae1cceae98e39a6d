// Package shisanshui is the Go binding of the shisanshui rules engine for Thirteen Water (十三水,
// Chinese Poker, Pusoy, Capsa Susun, Mậu Binh): evaluate hands, catch fouls, detect specials,
// deal, arrange 13 cards, settle a round in points and money, and simulate rooms, under every
// house rule of RULES.md.
//
// It calls the engine's C ABI (include/shisanshui.h) through cgo, linking the static library by
// default; build with `-tags shisanshui_dynamic` to link the shared one. Both are found with
// pkg-config (shisanshui-static.pc and shisanshui.pc, installed by scripts/install-c.sh).
//
// Errors are *Error values carrying the engine's Status and message; compare them with errors.Is
// against the exported sentinels (ErrDuplicateCard, ErrInvalidRules, ...). Handles (Rules,
// Arranger, Settlement) hold native memory: Close releases it, and a finalizer does so for a
// handle that was never closed. Every function may be called from any goroutine; a Rules or
// Arranger may be shared by goroutines as long as nobody changes (Set...) or closes it meanwhile.
package shisanshui

// #include <stdlib.h>
// #include "shisanshui.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// ABIVersion is the version of the C ABI this binding was written against; NativeABIVersion
// reports the linked library's, and a mismatch is refused when the package loads.
const ABIVersion = C.SSS_ABI_VERSION

// Sizes and limits of the C ABI.
const (
	HandSize     = C.SSS_HAND_SIZE     // cards in one player's hand
	MinSeats     = C.SSS_MIN_SEATS     // fewest seats at a table
	MaxSeats     = C.SSS_MAX_SEATS     // most seats at any table (two decks)
	MaxJokers    = C.SSS_MAX_JOKERS    // most jokers a deck deals
	SpecialCount = C.SSS_SPECIAL_COUNT // specials the engine knows
	MaxDeckSize  = C.SSS_MAX_DECK_SIZE_WITH_JOKERS
)

func init() {
	if got := C.sss_abi_version(); got != C.SSS_ABI_VERSION {
		panic("shisanshui: the linked library has C ABI version " + itoa(int(got)) +
			", this Go package was written for " + itoa(C.SSS_ABI_VERSION))
	}
}

// NativeABIVersion is the C ABI version of the linked library.
func NativeABIVersion() int { return int(C.sss_abi_version()) }

// Version is the linked library's version (the crate's, e.g. "0.2.0").
func Version() string {
	s, err := textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_version(buf, cap, n)
	})
	if err != nil {
		return ""
	}
	return s
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// call runs one fallible C call and turns its status into an error. The goroutine stays on its
// OS thread from the call until the message is read: the engine keeps the last error per thread.
func call(f func() C.SssStatus) error {
	runtime.LockOSThread()
	st := f()
	var err error
	if st != C.SSS_OK {
		err = lastError(Status(st))
	}
	runtime.UnlockOSThread()
	return err
}

// textOut copies a text result out: a first try into a buffer on the stack, a second one sized
// by what the first reported. Called on a locked thread or not: it goes through call.
func textOut(f func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus) (string, error) {
	buf := (*C.uint8_t)(C.malloc(256))
	defer C.free(unsafe.Pointer(buf))
	n := (*C.size_t)(C.malloc(C.size_t(unsafe.Sizeof(C.size_t(0)))))
	defer C.free(unsafe.Pointer(n))
	var out string
	err := call(func() C.SssStatus {
		st := f(buf, 256, n)
		if st == C.SSS_ERR_BUFFER_TOO_SMALL {
			big := (*C.uint8_t)(C.malloc(*n + 1))
			defer C.free(unsafe.Pointer(big))
			if st = f(big, *n+1, n); st == C.SSS_OK {
				out = C.GoStringN((*C.char)(unsafe.Pointer(big)), C.int(*n))
			}
			return st
		}
		if st == C.SSS_OK {
			out = C.GoStringN((*C.char)(unsafe.Pointer(buf)), C.int(*n))
		}
		return st
	})
	return out, err
}

// bytesPtr is the address of a Go byte slice's first element for C (nil for an empty slice: the C
// ABI takes NULL for an input of length 0).
func bytesPtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

func cardsPtr(c []Card) *C.uint8_t {
	if len(c) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&c[0]))
}

// strPtr is a Go string's bytes for C (the C ABI takes text as pointer and length, no NUL).
func strPtr(s string) (*C.uint8_t, C.size_t) {
	if len(s) == 0 {
		return nil, 0
	}
	// A string's header starts with its data pointer (unsafe.StringData arrived after Go 1.19).
	return (*C.uint8_t)(*(*unsafe.Pointer)(unsafe.Pointer(&s))), C.size_t(len(s))
}
