package shisanshui

/*
#include <stdint.h>
#include "shisanshui.h"

// A batch call's status and, on a failure about one row, that row (SIZE_MAX otherwise).
typedef struct {
	SssStatus status;
	size_t row;
} go_batch_result;

// The batch calls take their pointers as integers and return the error row by value: cgo (before
// Go 1.22) moves a call's arguments to the heap when one is a pointer, one allocation a call,
// and a batch call makes none. The Go memory behind the integers is kept alive across the call
// (runtime.KeepAlive) and does not move (Go's heap does not move objects).
static go_batch_result go_evaluate5_many(uintptr_t r, uintptr_t codes, size_t n, uintptr_t out, uint32_t t) {
	go_batch_result res = {SSS_OK, SIZE_MAX};
	res.status = sss_evaluate5_many((const SssRules *)r, (const uint8_t *)codes, n, (uint32_t *)out, t, &res.row);
	return res;
}
static go_batch_result go_evaluate3_many(uintptr_t r, uintptr_t codes, size_t n, uintptr_t out, uint32_t t) {
	go_batch_result res = {SSS_OK, SIZE_MAX};
	res.status = sss_evaluate3_many((const SssRules *)r, (const uint8_t *)codes, n, (uint32_t *)out, t, &res.row);
	return res;
}
static go_batch_result go_evaluate5_masks_many(uintptr_t r, uintptr_t masks, size_t n, uintptr_t out, uint32_t t) {
	go_batch_result res = {SSS_OK, SIZE_MAX};
	res.status = sss_evaluate5_masks_many((const SssRules *)r, (const uint64_t *)masks, n, (uint32_t *)out, t, &res.row);
	return res;
}
static go_batch_result go_evaluate3_masks_many(uintptr_t r, uintptr_t masks, size_t n, uintptr_t out, uint32_t t) {
	go_batch_result res = {SSS_OK, SIZE_MAX};
	res.status = sss_evaluate3_masks_many((const SssRules *)r, (const uint64_t *)masks, n, (uint32_t *)out, t, &res.row);
	return res;
}
static go_batch_result go_special_detect_many(uintptr_t r, uintptr_t codes, size_t n, uintptr_t best, uintptr_t all,
                                              uint32_t t) {
	go_batch_result res = {SSS_OK, SIZE_MAX};
	res.status = sss_special_detect_many((const SssRules *)r, (const uint8_t *)codes, n, (uint8_t *)best,
	                                     (uint16_t *)all, t, &res.row);
	return res;
}
// bankers 0 (NULL) is the all-pairs call.
static go_batch_result go_settle_many(uintptr_t r, uint32_t seats, uintptr_t bankers, uintptr_t codes, size_t n,
                                      uintptr_t out, uint32_t t) {
	go_batch_result res = {SSS_OK, SIZE_MAX};
	if (bankers == 0) {
		res.status = sss_settle_many((const SssRules *)r, seats, (const uint8_t *)codes, n, (int64_t *)out, t, &res.row);
	} else {
		res.status = sss_settle_many_with_banker((const SssRules *)r, seats, (const uint8_t *)bankers,
		                                         (const uint8_t *)codes, n, (int64_t *)out, t, &res.row);
	}
	return res;
}
static go_batch_result go_arrange_many(uintptr_t a, uintptr_t codes, size_t n, uintptr_t out, uint32_t t) {
	go_batch_result res = {SSS_OK, SIZE_MAX};
	res.status = sss_arrange_many((const SssArranger *)a, (const uint8_t *)codes, n, (uint8_t *)out, t, &res.row);
	return res;
}
*/
import "C"

import (
	"math"
	"runtime"
	"unsafe"
)

// Batches: many hands (or rounds) in one call, read from and written into slices the caller owns
// (a call allocates nothing, so a server can reuse its buffers). They all work alike:
//
//   - Inputs are flat: hand after hand of card codes (5, 3 or 13 a hand; 13 a seat for rounds),
//     or one 64-bit card mask a hand (bit c set for card code c; bits 52 and 53 the jokers where
//     the rule set deals them). A mask holds each card once, so hands with copies of a card
//     (extra suits) go in as codes.
//   - threads: 1 runs on the calling goroutine's thread only; t > 1 uses up to t threads (the
//     calling one and t − 1 more, started and joined inside the call); 0 uses one per core. The
//     results do not depend on it.
//   - Every input is checked before anything is computed, and a failed call writes nothing to
//     its outputs. A failure about one row is a *BatchError naming the first bad row, whatever
//     the thread count; errors.Is sees the engine's status through it.

// BatchError is a batch call's failure about one row (a hand, or a round for SettleMany): Row is
// the first bad row whatever the thread count, and Err the engine's error, whose message starts
// with "row R: ". errors.Is (ErrDuplicateCard, ...) and errors.As (to an *Error) see Err.
type BatchError struct {
	Row int
	Err *Error
}

func (e *BatchError) Error() string { return e.Err.Error() }

// Unwrap gives the engine's error.
func (e *BatchError) Unwrap() error { return e.Err }

// batchRun runs one batch shim and turns its status into an error: a *BatchError when the engine
// named a row (row is SIZE_MAX on a failure about the whole call and is not written on argument
// failures, whose error stays an *Error).
func batchRun(f func() C.go_batch_result) error {
	var row C.size_t
	err := call(func() C.SssStatus {
		res := f()
		row = res.row
		return res.status
	})
	if err == nil {
		return nil
	}
	if e, ok := err.(*Error); ok && uint64(row) <= math.MaxInt {
		return &BatchError{Row: int(row), Err: e}
	}
	return err
}

func threadsIn(threads int) (C.uint32_t, error) {
	if threads < 0 || uint64(threads) > math.MaxUint32 {
		return 0, argError(StatusInvalidArgument,
			"threads is 0 (one per core), 1 (the calling thread) or a thread count, not "+itoa(threads))
	}
	return C.uint32_t(threads), nil
}

func sizeError(what string, got int, want string) error {
	return argError(StatusInvalidArgument, what+" holds "+itoa(got)+" entries, the batch needs "+want)
}

// addr is the address of a slice's first element as an integer for the go_* shims (0 when
// empty: the C ABI takes NULL for an array of length 0).
func addr[T any](v []T) C.uintptr_t {
	if len(v) == 0 {
		return 0
	}
	return C.uintptr_t(uintptr(unsafe.Pointer(&v[0])))
}

// i64Ptr is an int64 slice's first element for C (nil when empty), for calls that take
// caller-owned int64 arrays (money.go).
func i64Ptr(v []int64) *C.int64_t {
	if len(v) == 0 {
		return nil
	}
	return (*C.int64_t)(unsafe.Pointer(&v[0]))
}

// handleAddr is the live handle as an integer for the shims, or ErrClosed.
func (r *Rules) handleAddr() (C.uintptr_t, error) {
	h, err := r.ptr()
	if err != nil {
		return 0, err
	}
	return C.uintptr_t(uintptr(unsafe.Pointer(h))), nil
}

// evaluateMany is the one body of the four evaluation batches: in is the input's address, out
// gets a value a hand.
func (r *Rules) evaluateMany(in C.uintptr_t, out []uint32, threads int, shim evaluateShim) error {
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	h, err := r.handleAddr()
	if err != nil {
		return err
	}
	err = batchRun(func() C.go_batch_result { return shim(h, in, C.size_t(len(out)), addr(out), t) })
	runtime.KeepAlive(r)
	runtime.KeepAlive(out)
	return err
}

// Evaluate5Many values len(out) five-card lanes given as 5 × len(out) cards, lane after lane, in
// any order within a lane: out[i] is the HandRank.Value Evaluate gives lane i (compare values to
// compare lanes; the category is value >> 22). Lanes in sorted order (enumerations) are about
// twice as fast as shuffled ones. Errors: ErrInvalidArgument for a cards slice of another length
// or a negative thread count; a *BatchError for a bad lane (ErrBadCardCode, ErrDuplicateCard,
// ErrTooManyCopies, ErrJokerNotInDeck); ErrClosed for closed rules.
func (r *Rules) Evaluate5Many(cards []Card, out []uint32, threads int) error {
	return r.evaluateCodes(5, cards, out, threads, evaluate5Many)
}

// Evaluate3Many values len(out) fronts given as 3 × len(out) cards, as Evaluate5Many.
func (r *Rules) Evaluate3Many(cards []Card, out []uint32, threads int) error {
	return r.evaluateCodes(3, cards, out, threads, evaluate3Many)
}

// Evaluate5MasksMany values five-card lanes given as card masks, one a lane (len(masks) ==
// len(out)), as Evaluate5Many. A mask without exactly 5 bits is a *BatchError with
// ErrWrongCardCount; a bit above 51 where the rule set deals no joker, ErrBadCardCode; bit 53
// where the deck deals one joker, ErrJokerNotInDeck.
func (r *Rules) Evaluate5MasksMany(masks []uint64, out []uint32, threads int) error {
	return r.evaluateMasks(masks, out, threads, evaluate5MasksMany)
}

// Evaluate3MasksMany values fronts given as card masks of 3 bits, as Evaluate5MasksMany.
func (r *Rules) Evaluate3MasksMany(masks []uint64, out []uint32, threads int) error {
	return r.evaluateMasks(masks, out, threads, evaluate3MasksMany)
}

// evaluateCodes is the code batches: `width` cards a lane.
func (r *Rules) evaluateCodes(width int, cards []Card, out []uint32, threads int, shim evaluateShim) error {
	if len(cards) != width*len(out) {
		return sizeError("cards", len(cards),
			itoa(width*len(out))+" ("+itoa(width)+" for each of the "+itoa(len(out))+" outputs)")
	}
	err := r.evaluateMany(addr(cards), out, threads, shim)
	runtime.KeepAlive(cards)
	return err
}

// evaluateMasks is the mask batches: one mask a lane.
func (r *Rules) evaluateMasks(masks []uint64, out []uint32, threads int, shim evaluateShim) error {
	if len(masks) != len(out) {
		return sizeError("masks", len(masks), itoa(len(out))+" (one for each output)")
	}
	err := r.evaluateMany(addr(masks), out, threads, shim)
	runtime.KeepAlive(masks)
	return err
}

// evaluateShim is one of the four evaluation shims below.
type evaluateShim func(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.go_batch_result

// The shims as Go functions (cgo names are not values).
func evaluate5Many(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.go_batch_result {
	return C.go_evaluate5_many(h, in, n, out, t)
}

func evaluate3Many(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.go_batch_result {
	return C.go_evaluate3_many(h, in, n, out, t)
}

func evaluate5MasksMany(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.go_batch_result {
	return C.go_evaluate5_masks_many(h, in, n, out, t)
}

func evaluate3MasksMany(h, in C.uintptr_t, n C.size_t, out C.uintptr_t, t C.uint32_t) C.go_batch_result {
	return C.go_evaluate3_masks_many(h, in, n, out, t)
}

// DetectSpecialMany detects the specials of len(best) hands given as 13 × len(best) cards: best[i]
// is the highest enabled special hand i makes, or NoSpecial, and, when all is not nil (it then
// has len(best) entries), all[i] has bit s set for every enabled special s hand i makes. The same
// answers as DetectSpecial, which also gives the lanes of a three-piece special. Errors as
// Evaluate5Many (a bad hand is a *BatchError); ErrInvalidRules for a rule set listing a special
// twice.
func (r *Rules) DetectSpecialMany(cards []Card, best []Special, all []uint16, threads int) error {
	if len(cards) != HandSize*len(best) {
		return sizeError("cards", len(cards), itoa(HandSize*len(best))+" (13 for each of the "+itoa(len(best))+" hands)")
	}
	if all != nil && len(all) != len(best) {
		return sizeError("all", len(all), itoa(len(best))+" (one for each hand) or is nil")
	}
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	h, err := r.handleAddr()
	if err != nil {
		return err
	}
	err = batchRun(func() C.go_batch_result {
		return C.go_special_detect_many(h, addr(cards), C.size_t(len(best)), addr(best), addr(all), t)
	})
	runtime.KeepAlive(r)
	runtime.KeepAlive(cards)
	runtime.KeepAlive(best)
	runtime.KeepAlive(all)
	return err
}

// SettleMany settles len(out)/seats rounds at a table of `seats` players who all play their
// lanes: cards holds, round after round and seat after seat, each hand's 13 cards in lane order
// (front 3, middle 5, back 5, as ArrangeMany writes them; a foul is settled as a foul), and
// out[r*seats+s] receives seat s's total for round r in units of 1/840 water (Water.Units, the
// total Settle reports). Declared specials are settled one round at a time with Settle. For rule
// sets that settle all pairs; a banker table's rounds go to SettleManyWithBanker. seats is 2 to
// the rule set's MaxPlayers. Errors: ErrInvalidArgument for slices of the wrong sizes;
// ErrInvalidTable for a seat count the deck does not seat (naming both) or banker rules; a
// *BatchError naming the round for a bad card (its position counted across the table as
// seat × 13 + index); ErrClosed for closed rules.
func (r *Rules) SettleMany(seats int, cards []Card, out []int64, threads int) error {
	return r.settleMany(seats, nil, cards, out, threads)
}

// SettleManyWithBanker is SettleMany with each round's banker seat, as SettleWithBanker takes it:
// under banker rules (TableBanker) bankers[r] is round r's banker (0 to seats − 1; it may change
// from round to round) and only the pairs with it are settled; NoSeat for a round of rules that
// settle all pairs. A banker seat not at the table, NoSeat under banker rules or a seat under all
// pairs is a *BatchError with ErrInvalidTable naming the first bad round.
func (r *Rules) SettleManyWithBanker(seats int, bankers []uint8, cards []Card, out []int64, threads int) error {
	if bankers == nil {
		// The engine tells the two calls apart by a NULL bankers array: nil is the caller's
		// empty list, not "all pairs".
		bankers = []uint8{}
	}
	return r.settleMany(seats, bankers, cards, out, threads)
}

func (r *Rules) settleMany(seats int, bankers []uint8, cards []Card, out []int64, threads int) error {
	if seats <= 0 || uint64(seats) > math.MaxUint32 {
		// Rounds cannot be counted without seats; a seat count that can is the engine's to judge.
		return argError(StatusInvalidTable, "invalid table: "+itoa(seats)+" players, but a table seats 2 to "+itoa(MaxSeats))
	}
	if len(out)%seats != 0 {
		return sizeError("out", len(out), "a multiple of the "+itoa(seats)+" seats (one total a seat a round)")
	}
	rounds := len(out) / seats
	if len(cards) != HandSize*len(out) {
		return sizeError("cards", len(cards), itoa(HandSize*len(out))+" (13 for each of the "+itoa(len(out))+" seats)")
	}
	if bankers != nil && len(bankers) != rounds {
		return sizeError("bankers", len(bankers), itoa(rounds)+" (one for each round)")
	}
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	h, err := r.handleAddr()
	if err != nil {
		return err
	}
	bp := addr(bankers)
	if bankers != nil && bp == 0 {
		// No rounds: any non-zero address makes it the banker call, which writes nothing.
		bp = C.uintptr_t(uintptr(unsafe.Pointer(&zeroBanker)))
	}
	err = batchRun(func() C.go_batch_result {
		return C.go_settle_many(h, C.uint32_t(seats), bp, addr(cards), C.size_t(rounds), addr(out), t)
	})
	runtime.KeepAlive(r)
	runtime.KeepAlive(bankers)
	runtime.KeepAlive(cards)
	runtime.KeepAlive(out)
	return err
}

// zeroBanker stands in for the bankers array of a banker batch without rounds.
var zeroBanker uint8

// ArrangeMany arranges len(out)/13 hands given as 13 cards each (len(cards) == len(out), a
// multiple of 13): out receives, hand after hand, the 13 cards of the arrangement Arrange gives,
// in lane order (front 3, middle 5, back 5; a joker stays a joker in the lane it is played in).
// The threads share the arranger. Errors: ErrInvalidArgument for slices of the wrong sizes; a
// *BatchError for a bad hand (ErrBadCardCode, ErrDuplicateCard, ErrTooManyCopies,
// ErrJokerNotInDeck, ErrNoLegalArrangement for a hand with no legal arrangement under strict_order);
// ErrClosed for a closed arranger.
func (a *Arranger) ArrangeMany(cards []Card, out []Card, threads int) error {
	if len(out)%HandSize != 0 {
		return sizeError("out", len(out), "a multiple of 13 (13 cards a hand)")
	}
	if len(cards) != len(out) {
		return sizeError("cards", len(cards), itoa(len(out))+" (as many as out)")
	}
	t, err := threadsIn(threads)
	if err != nil {
		return err
	}
	p, err := a.ptr()
	if err != nil {
		return err
	}
	h := C.uintptr_t(uintptr(unsafe.Pointer(p)))
	err = batchRun(func() C.go_batch_result {
		return C.go_arrange_many(h, addr(cards), C.size_t(len(cards)/HandSize), addr(out), t)
	})
	runtime.KeepAlive(a)
	runtime.KeepAlive(cards)
	runtime.KeepAlive(out)
	return err
}
