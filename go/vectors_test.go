package shisanshui

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// vectorsDir is the shared vectors folder: tests/vectors of the checkout, or SSS_VECTORS.
func vectorsDir() string {
	if d := os.Getenv("SSS_VECTORS"); d != "" {
		return d
	}
	return filepath.Join("..", "tests", "vectors")
}

// loadVectors reads one shared vector file into v (a struct or map); a missing or malformed file
// fails the test: every surface checks every file.
func loadVectors(t testing.TB, name string, v interface{}) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorsDir(), name))
	if err != nil {
		t.Fatalf("vectors: %v", err)
	}
	// Numbers stay exact: seeds reach 2^64 − 1, which a float64 cannot hold.
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("vectors %s: %v", name, err)
	}
}

// codes turns JSON card codes into cards.
func codes(c []int) []Card {
	out := make([]Card, len(c))
	for i, x := range c {
		out[i] = Card(x)
	}
	return out
}

// statusByName is the Status of an engine error kind's snake_case name ("duplicate_card").
func statusByName(t testing.TB, name string) Status {
	t.Helper()
	for s := Status(0); s < 200; s++ {
		if s.String() == name {
			return s
		}
	}
	t.Fatalf("no status is named %q", name)
	return 0
}

// A vector file read as JSON values, with small readers for the tests.
type obj = map[string]interface{}

func loadObj(t testing.TB, name string) obj {
	t.Helper()
	var v obj
	loadVectors(t, name, &v)
	return v
}

func list(v interface{}) []interface{} {
	l, _ := v.([]interface{})
	return l
}

func num(v interface{}) int {
	n, _ := v.(json.Number)
	i, err := n.Int64()
	if err != nil {
		f, _ := n.Float64()
		return int(f)
	}
	return int(i)
}

// f64 is a JSON number as a float64.
func f64(v interface{}) float64 {
	n, _ := v.(json.Number)
	f, _ := n.Float64()
	return f
}

// u64 is a JSON number as a uint64 (seeds).
func u64(v interface{}) uint64 {
	n, _ := v.(json.Number)
	u, _ := strconv.ParseUint(string(n), 10, 64)
	return u
}

// isNum says whether a JSON value is a number.
func isNum(v interface{}) bool {
	_, ok := v.(json.Number)
	return ok
}

func str(v interface{}) string {
	s, _ := v.(string)
	return s
}

func cardsOf(v interface{}) []Card {
	l := list(v)
	out := make([]Card, len(l))
	for i, x := range l {
		out[i] = Card(num(x))
	}
	return out
}

func sameCards(a, b []Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// records is a vector file's list under key, which must not be empty.
func records(t testing.TB, doc obj, key string) []interface{} {
	t.Helper()
	l := list(doc[key])
	if len(l) == 0 {
		t.Fatalf("the vectors have no %q records", key)
	}
	return l
}

// expectKind checks that err is the engine error named kind (and, when position >= 0, that its
// message names the position).
func expectKind(t testing.TB, err error, kind string, what string) {
	t.Helper()
	want := statusByName(t, kind)
	if err == nil {
		t.Errorf("%s: no error, expected %s", what, kind)
		return
	}
	if !errors.Is(err, &Error{Status: want}) {
		t.Errorf("%s: %v, expected %s", what, err, kind)
	}
}

// rulesNamed loads each {"name", "json"} rule set of a vector file.
func rulesNamed(t testing.TB, sets []interface{}) map[string]*Rules {
	t.Helper()
	out := map[string]*Rules{}
	for _, s := range sets {
		o := s.(obj)
		r, err := RulesFromJSON(str(o["json"]))
		if err != nil {
			t.Fatalf("rule set %s: %v", str(o["name"]), err)
		}
		out[str(o["name"])] = r
	}
	return out
}
