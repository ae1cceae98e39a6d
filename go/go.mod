// The Go binding of the shisanshui C ABI (cgo over libshisanshui.a). The module path is where the
// binding is meant to be published; from a checkout, point a `replace` directive at this folder
// (README, "Go").
module github.com/shisanshui/shisanshui/go

go 1.19
