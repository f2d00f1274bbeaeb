package verifydb

import "testing"

// TestFileBase: a stored path names its file whatever system wrote it: a
// record made on Windows verifies on Linux and a Mac, and one made there
// on Windows (issue 40).
func TestFileBase(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`C:\users\thandi\examples\saturday\show.yaml`: "show.yaml",
		`/home/thandi/examples/saturday/show.yaml`:    "show.yaml",
		`\\share\promotions\show.yaml`:                "show.yaml",
		`C:/users/thandi/show.yaml`:                   "show.yaml",
		`show.yaml`:                                   "show.yaml",
	} {
		if got := fileBase(in); got != want {
			t.Errorf("fileBase(%q) = %q, want %q", in, got, want)
		}
	}
}
