//go:build shisanshui_dynamic

package shisanshui

// With `-tags shisanshui_dynamic` the program links libshisanshui.so instead (found at run time
// by the loader: an rpath, LD_LIBRARY_PATH or the system's library folders).

// #cgo pkg-config: shisanshui
import "C"
