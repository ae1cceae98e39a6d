package shisanshui

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// cgo checks every call's types against include/shisanshui.h when the package compiles; this test
// checks the other half: every function the header declares is called by the binding, so a new C
// entry point cannot be forgotten here (a planted name, sss_nothing, shows the test can fail).
func TestEveryHeaderFunctionIsWrapped(t *testing.T) {
	header, err := os.ReadFile(filepath.Join("..", "include", "shisanshui.h"))
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^[A-Za-z][A-Za-z0-9_ *]*?\b(sss_[a-z0-9_]+)\(`)
	for _, m := range decl.FindAllSubmatch(header, -1) {
		declared[string(m[1])] = true
	}
	if len(declared) < 100 {
		t.Fatalf("read only %d functions from the header", len(declared))
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	called := map[string]bool{}
	// Called from Go (C.sss_x) or from a shim of a cgo preamble (return sss_x(...), or
	// status = sss_x(...) where the shim returns more than the status).
	use := regexp.MustCompile(`(?:\bC\.|\breturn |\bstatus = )(sss_[a-z0-9_]+)\b`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllSubmatch(src, -1) {
			called[string(m[1])] = true
		}
	}
	declared["sss_nothing"] = true
	var missing []string
	for name := range declared {
		if !called[name] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	if len(missing) == 0 || missing[len(missing)-1] != "sss_nothing" {
		t.Fatalf("the planted sss_nothing was not missed: %v", missing)
	}
	missing = missing[:len(missing)-1]
	if len(missing) > 0 {
		t.Errorf("%d of the header's %d functions are not called by the Go binding: %s",
			len(missing), len(declared), strings.Join(missing, " "))
	}
}
