package shisanshui

/*
#include "shisanshui.h"

// The batch calls take their pointers as integers: cgo (before Go 1.22) moves the arguments of a
// call that passes a pointer to the heap, one allocation a call, and a batch call makes none.
// The Go memory they point to is kept alive across the call (runtime.KeepAlive) and does not move.
static SssStatus go_evaluate5_many(uintptr_t r, uintptr_t codes, size_t n, uintptr_t out, uint32_t t) {
	return sss_evaluate5_many((const SssRules *)r, (const uint8_t *)codes, n, (uint32_t *)out, t, NULL);
}
static SssStatus go_evaluate3_many(uintptr_t r, uintptr_t codes, size_t n, uintptr_t out, uint32_t t) {
	return sss_evaluate3_many((const SssRules *)r, (const uint8_t *)codes, n, (uint32_t *)out, t, NULL);
}
static SssStatus go_evaluate5_masks_many(uintptr_t r, uintptr_t masks, size_t n, uintptr_t out, uint32_t t) {
	return sss_evaluate5_masks_many((const SssRules *)r, (const uint64_t *)masks, n, (uint32_t *)out, t, NULL);
}
static SssStatus go_evaluate3_masks_many(uintptr_t r, uintptr_t masks, size_t n, uintptr_t out, uint32_t t) {
	return sss_evaluate3_masks_many((const SssRules *)r, (const uint64_t *)masks, n, (uint32_t *)out, t, NULL);
}
static SssStatus go_special_detect_many(uintptr_t r, uintptr_t codes, size_t n, uintptr_t best, uintptr_t all,
                                        uint32_t t) {
	return sss_special_detect_many((const SssRules *)r, (const uint8_t *)codes, n, (uint8_t *)best, (uint16_t *)all,
	                               t, NULL);
}
static SssStatus go_settle_many(uintptr_t r, uint32_t seats, uintptr_t bankers, uintptr_t codes, size_t n,
                                uintptr_t out, uint32_t t) {
	if (bankers == 0) {
		return sss_settle_many((const SssRules *)r, seats, (const uint8_t *)codes, n, (int64_t *)out, t, NULL);
	}
	return sss_settle_many_with_banker((const SssRules *)r, seats, (const uint8_t *)bankers, (const uint8_t *)codes, n,
	                                   (int64_t *)out, t, NULL);
}
static SssStatus go_arrange_many(uintptr_t a, uintptr_t codes, size_t n, uintptr_t out, uint32_t t) {
	return sss_arrange_many((const SssArranger *)a, (const uint8_t *)codes, n, (uint8_t *)out, t, NULL);
}
*/
import "C"

import (
	"runtime"
	"strconv"
	"strings"
	"unsafe"
)

// Batches: many hands in one call, into slices the caller owns (nothing is allocated per call),
// spread over `threads` threads (0 or 1: the calling thread). A failed call writes nothing to
// its outputs; when the failure is about one row, the error is a *BatchError naming it.

// BatchError is a batch call's failure about one row (a hand, or a round): the first bad row,
// whatever the thread count. errors.Is and errors.As see the engine's *Error inside.
type BatchError struct {
	Row int
	Err *Error
}

func (e *BatchError) Error() string { return e.Err.Error() }

// Unwrap gives the engine's error.
func (e *BatchError) Unwrap() error { return e.Err }

// batchError turns a batch failure into a *BatchError when its message names a row ("row R: ").
func batchError(err error) error {
	e, ok := err.(*Error)
	if !ok || !strings.HasPrefix(e.Message, "row ") {
		return err
	}
	rest := e.Message[len("row "):]
	colon := strings.IndexByte(rest, ':')
	if colon < 0 {
		return err
	}
	row, convErr := strconv.Atoi(rest[:colon])
	if convErr != nil {
		return err
	}
	return &BatchError{Row: row, Err: e}
}

func threadsIn(threads int) (C.uint32_t, error) {
	if threads < 0 || threads > 1<<16 {
		return 0, argError(StatusInvalidArgument, "threads is 0 (the calling thread) or a count, not "+itoa(threads))
	}
	return C.uint32_t(threads), nil
}

func sizeError(what string, got, want int) error {
	return argError(StatusInvalidArgument, what+" holds "+itoa(got)+" entries, the batch needs "+itoa(want))
}

// addr is the address of a slice's first element as an integer for the go_* shims (0 when
// empty: the C ABI takes NULL for an input of length 0).
func addr[T any](v []T) C.uintptr_t {
	if len(v) == 0 {
		return 0
	}
	return C.uintptr_t(uintptr(unsafe.Pointer(&v[0])))
}

func u32Ptr(v []uint32) *C.uint32_t {
	if len(v) == 0 {
		return nil
	}
	return (*C.uint32_t)(unsafe.Pointer(&v[0]))
}

func u64Ptr(v []uint64) *C.uint64_t {
	if len(v) == 0 {
		return nil
	}
	return (*C.uint64_t)(unsafe.Pointer(&v[0]))
}

func i64Ptr(v []int64) *C.int64_t {
	if len(v) == 0 {
		return nil
	}
	return (*C.int64_t)(unsafe.Pointer(&v[0]))
}

// evaluateMany is the one body of the four evaluation batches.
func (r *Rules) evaluateMany(in C.uintptr_t, out []uint32, threads int,
	f func(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.SssStatus) error {
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	h, err := r.ptr()
	if err != nil {
		return err
	}
	hp := C.uintptr_t(uintptr(unsafe.Pointer(h)))
	err = call(func() C.SssStatus { return f(hp, in, C.size_t(len(out)), addr(out), t) })
	runtime.KeepAlive(r)
	runtime.KeepAlive(out)
	if err != nil {
		return batchError(err)
	}
	return nil
}

// Evaluate5Many values len(out) five-card lanes given as 5 × len(out) cards, one lane after
// another, writing each HandRank.Value into out.
func (r *Rules) Evaluate5Many(cards []Card, out []uint32, threads int) error {
	if len(cards) != 5*len(out) {
		return sizeError("cards", len(cards), 5*len(out))
	}
	err := r.evaluateMany(addr(cards), out, threads, evaluate5Many)
	runtime.KeepAlive(cards)
	return err
}

// Evaluate3Many values len(out) fronts given as 3 × len(out) cards.
func (r *Rules) Evaluate3Many(cards []Card, out []uint32, threads int) error {
	if len(cards) != 3*len(out) {
		return sizeError("cards", len(cards), 3*len(out))
	}
	err := r.evaluateMany(addr(cards), out, threads, evaluate3Many)
	runtime.KeepAlive(cards)
	return err
}

// Evaluate5MasksMany values five-card lanes given as card masks (bit c for card code c; bits 52
// and 53 for the jokers), one mask a lane.
func (r *Rules) Evaluate5MasksMany(masks []uint64, out []uint32, threads int) error {
	if len(masks) != len(out) {
		return sizeError("masks", len(masks), len(out))
	}
	err := r.evaluateMany(addr(masks), out, threads, evaluate5MasksMany)
	runtime.KeepAlive(masks)
	return err
}

// Evaluate3MasksMany values fronts given as card masks.
func (r *Rules) Evaluate3MasksMany(masks []uint64, out []uint32, threads int) error {
	if len(masks) != len(out) {
		return sizeError("masks", len(masks), len(out))
	}
	err := r.evaluateMany(addr(masks), out, threads, evaluate3MasksMany)
	runtime.KeepAlive(masks)
	return err
}

// The shims as Go functions (cgo names are not values).
func evaluate5Many(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.SssStatus {
	return C.go_evaluate5_many(h, in, n, out, t)
}

func evaluate3Many(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.SssStatus {
	return C.go_evaluate3_many(h, in, n, out, t)
}

func evaluate5MasksMany(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.SssStatus {
	return C.go_evaluate5_masks_many(h, in, n, out, t)
}

func evaluate3MasksMany(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.SssStatus {
	return C.go_evaluate3_masks_many(h, in, n, out, t)
}

// DetectSpecialMany detects the specials of len(best) hands given as 13 × len(best) cards:
// best[i] is hand i's best special (NoSpecial when none) and, when all is not nil, all[i] has bit
// s set for every special s it makes.
func (r *Rules) DetectSpecialMany(cards []Card, best []Special, all []uint16, threads int) error {
	if len(cards) != HandSize*len(best) {
		return sizeError("cards", len(cards), HandSize*len(best))
	}
	if all != nil && len(all) != len(best) {
		return sizeError("all", len(all), len(best))
	}
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	h, err := r.ptr()
	if err != nil {
		return err
	}
	hp := C.uintptr_t(uintptr(unsafe.Pointer(h)))
	err = call(func() C.SssStatus {
		return C.go_special_detect_many(hp, addr(cards), C.size_t(len(best)), addr(best), addr(all), t)
	})
	runtime.KeepAlive(r)
	runtime.KeepAlive(cards)
	runtime.KeepAlive(best)
	runtime.KeepAlive(all)
	if err != nil {
		return batchError(err)
	}
	return nil
}

// NoSpecial is DetectSpecialMany's entry for a hand that makes no special.
const NoSpecial = noSpecial

// SettleMany settles len(out)/seats rounds of `seats` seats, each seat's 13 cards in lane order
// (front, middle, back), writing each seat's total in units of 1/840 water (Water.Units) into out.
// Under a banker table's rules use SettleManyWithBanker.
func (r *Rules) SettleMany(seats int, cards []Card, out []int64, threads int) error {
	return r.settleMany(seats, nil, cards, out, threads)
}

// SettleManyWithBanker is SettleMany at banker tables: bankers[i] is round i's banker seat.
func (r *Rules) SettleManyWithBanker(seats int, bankers []uint8, cards []Card, out []int64, threads int) error {
	if bankers == nil {
		bankers = []uint8{}
	}
	return r.settleMany(seats, bankers, cards, out, threads)
}

func (r *Rules) settleMany(seats int, bankers []uint8, cards []Card, out []int64, threads int) error {
	if seats < MinSeats || seats > MaxSeats {
		return argError(StatusInvalidTable, "a table has 2 to 8 seats, got "+itoa(seats))
	}
	if len(out)%seats != 0 {
		return sizeError("out", len(out), (len(out)/seats+1)*seats)
	}
	rounds := len(out) / seats
	if len(cards) != HandSize*len(out) {
		return sizeError("cards", len(cards), HandSize*len(out))
	}
	if bankers != nil && len(bankers) != rounds {
		return sizeError("bankers", len(bankers), rounds)
	}
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	h, err := r.ptr()
	if err != nil {
		return err
	}
	hp := C.uintptr_t(uintptr(unsafe.Pointer(h)))
	// No bankers (0) is the all-pairs call; with no rounds either call writes nothing.
	bp := addr(bankers)
	err = call(func() C.SssStatus {
		return C.go_settle_many(hp, C.uint32_t(seats), bp, addr(cards), C.size_t(rounds), addr(out), t)
	})
	runtime.KeepAlive(r)
	runtime.KeepAlive(bankers)
	runtime.KeepAlive(cards)
	runtime.KeepAlive(out)
	if err != nil {
		return batchError(err)
	}
	return nil
}

// ArrangeMany arranges len(out)/13 hands given as 13 cards each, writing each arrangement's 13
// cards in lane order into out, over `threads` threads (0 or 1: this one). Nothing is allocated;
// a failure about one hand is a *BatchError naming it.
func (a *Arranger) ArrangeMany(cards []Card, out []Card, threads int) error {
	if len(cards) != len(out) || len(cards)%HandSize != 0 {
		return sizeError("cards and out", len(cards), (len(out)/HandSize)*HandSize)
	}
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	h, err := a.ptr()
	if err != nil {
		return err
	}
	hp := C.uintptr_t(uintptr(unsafe.Pointer(h)))
	err = call(func() C.SssStatus {
		return C.go_arrange_many(hp, addr(cards), C.size_t(len(cards)/HandSize), addr(out), t)
	})
	runtime.KeepAlive(a)
	runtime.KeepAlive(cards)
	runtime.KeepAlive(out)
	if err != nil {
		return batchError(err)
	}
	return nil
}
