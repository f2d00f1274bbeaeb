package show

import (
	"path"
	"path/filepath"
	"strings"
)

// A show file travels: the promotions team writes it on the Windows
// laptop, an auditor checks it on Linux. So its paths read the same on
// both: a backslash and a slash both separate, and a relative path is
// the show file's folder's, whichever system wrote it.
//
// A path with a drive letter (C:\shows\x.csv) or a share (\\server\x\y.csv)
// names a file on a Windows machine: there it is taken as written; on
// another system it names no file, and is kept as written, so that check
// reports it missing under the name the show file gives rather than under
// a made-up path inside the show's folder. On Windows a path rooted with
// no drive (\shows\x.csv) is on the show file's drive.

// resolvePath resolves the show file's path f against dir, the show
// file's folder, as it is done on Windows (windows) or elsewhere; "" stays
// "". It is pure, so that both ways are tested on any system.
func resolvePath(windows bool, dir, f string) string {
	if f == "" {
		return ""
	}
	s := strings.ReplaceAll(f, `\`, "/")
	vol := winVolume(s)
	if !windows {
		switch {
		case vol != "":
			return f // a Windows machine's file: none here
		case path.IsAbs(s):
			return path.Clean(s)
		}
		return filepath.Join(dir, filepath.FromSlash(s))
	}
	var out string
	switch d := strings.ReplaceAll(dir, `\`, "/"); {
	case vol != "":
		out = vol + cleanRest(s[len(vol):])
	case strings.HasPrefix(s, "/"):
		out = winVolume(d) + path.Clean(s)
	default:
		dvol := winVolume(d)
		out = dvol + cleanRest(path.Join(d[len(dvol):], s))
	}
	return strings.ReplaceAll(out, "/", `\`)
}

// cleanRest cleans what follows a volume: "" stays "" (C: alone).
func cleanRest(p string) string {
	if p == "" {
		return ""
	}
	return path.Clean(p)
}

// winVolume is the Windows volume that starts p (written with slashes):
// "C:" for a drive, "//server/share" for a share, "" for none.
func winVolume(p string) string {
	if len(p) >= 2 && p[1] == ':' && ('a' <= p[0] && p[0] <= 'z' || 'A' <= p[0] && p[0] <= 'Z') {
		return p[:2]
	}
	rest, ok := strings.CutPrefix(p, "//")
	if !ok {
		return ""
	}
	server, share, ok := strings.Cut(rest, "/")
	if !ok || server == "" || share == "" || strings.HasPrefix(share, "/") {
		return ""
	}
	if i := strings.IndexByte(share, '/'); i >= 0 {
		share = share[:i]
	}
	return "//" + server + "/" + share
}
