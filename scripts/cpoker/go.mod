// The head-to-head harness against paulhankin/cpoker (scripts/vs-cpoker.sh builds and runs it).
// cpoker and its evaluator are not vendored: the script extracts them into a scratch directory
// and builds this module in a Go workspace (go.work, written there) that uses them and ../../go.
module github.com/shisanshui/shisanshui/scripts/cpoker

go 1.19

require (
	github.com/paulhankin/cpoker v0.0.0-20200226210404-f09da345381e
	github.com/paulhankin/poker/v2 v2.0.6
	github.com/shisanshui/shisanshui/go v0.0.0
)
