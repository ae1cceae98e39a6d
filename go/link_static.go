//go:build !shisanshui_dynamic

package shisanshui

// The static library (the default): a Go program carries the engine inside its own binary.
// shisanshui-static.pc comes with scripts/install-c.sh and names libshisanshui.a and the system
// libraries it needs.

// #cgo pkg-config: shisanshui-static
import "C"
