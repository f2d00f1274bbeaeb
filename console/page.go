package console

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"html"
	"net/http"
	"strings"
)

// pageHTML is the console's page: one file with its style and script, no
// build step and nothing fetched from elsewhere.
//
//go:embed page.html
var pageHTML string

// pageCSP lets the page run its own inline style and script (by their
// hashes) and talk to this server only.
var pageCSP = "default-src 'none'; " +
	"style-src " + inlineHash(pageHTML, "<style>", "</style>") + "; " +
	"script-src " + inlineHash(pageHTML, "<script>", "</script>") + "; " +
	"img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// inlineHash is the CSP source of the one inline element between open
// and end in page.
func inlineHash(page, open, end string) string {
	i := strings.Index(page, open)
	j := strings.Index(page, end)
	if i < 0 || j < i {
		panic("console: page.html has no " + open)
	}
	sum := sha256.Sum256([]byte(page[i+len(open) : j]))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// page serves the console's page.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP)
	w.Write([]byte(pageHTML))
}

// refusedPage is the page a refused navigation gets; %s is the reason.
const refusedPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Console refused</title></head>
<body style="background:#111418;color:#e8e6e3;font:18px system-ui,sans-serif;padding:3em">
<h1 id="refused">Refused</h1><p id="why">%s</p></body></html>
`

func htmlEscape(s string) string { return html.EscapeString(s) }
