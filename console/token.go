package console

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// tokenBytes is the per-run token's length: 256 bits.
const tokenBytes = 32

// newToken returns a fresh random token in hex.
func newToken() string {
	b := make([]byte, tokenBytes)
	rand.Read(b) // never fails (crypto/rand's documentation)
	return hex.EncodeToString(b)
}

// equal compares two secrets in constant time (for equal lengths).
func equal(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// hosts is the set of Host headers a request may carry: the listening
// address itself, so that a page of another site whose name was rebound to
// this address (DNS rebinding) is refused.
type hosts struct {
	port     string
	exact    map[string]bool
	anyIP    bool // listening on every interface: any IP literal with the port
	loopback bool
}

func newHosts(addr *net.TCPAddr) hosts {
	h := hosts{port: strconv.Itoa(addr.Port), exact: map[string]bool{}}
	h.exact[net.JoinHostPort(addr.IP.String(), h.port)] = true
	h.loopback = addr.IP.IsLoopback()
	h.anyIP = addr.IP.IsUnspecified()
	if h.loopback || h.anyIP {
		h.exact[net.JoinHostPort("localhost", h.port)] = true
	}
	return h
}

// allowed reports whether a request's Host header names this listener.
func (h hosts) allowed(host string) bool {
	if h.exact[host] {
		return true
	}
	if !h.anyIP {
		return false
	}
	name, port, err := net.SplitHostPort(host)
	return err == nil && port == h.port && net.ParseIP(name) != nil
}

// sameOrigin reports whether a request comes from the console's own page:
// with no Origin header (a top-level navigation, an EventSource of the same
// origin in some browsers) or with exactly this server's origin, and not
// marked cross-site by the browser.
func sameOrigin(r *http.Request) bool {
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return false
	}
	o, ok := r.Header["Origin"]
	if !ok {
		return true
	}
	return len(o) == 1 && o[0] == "http://"+r.Host
}

// pinGate checks the PIN and slows down guessing: after maxPINFails wrong
// PINs in a row every check is refused for pinLockout.
type pinGate struct {
	pin string

	mu   sync.Mutex
	from map[string]*pinTries // by the client's address
}

// pinTries are one client address's tries at the PIN.
type pinTries struct {
	fails int
	until time.Time // locked out until then
	in    bool      // it has given the PIN: its session is never locked out
}

const (
	maxPINFails = 5
	pinLockout  = 30 * time.Second
	minPINLen   = 4
	// maxPINAddrs bounds the addresses remembered: past it, those neither
	// in nor locked out are forgotten first
	maxPINAddrs = 4096
)

// check reports whether got is the PIN, as addr (the client's IP) gave
// it, and if not why not in words. Wrong PINs lock out their own address
// only, so that anyone with the link cannot keep the operator out; an
// address that has given the PIN stays in whatever is mistyped there.
func (g *pinGate) check(addr, got string, now time.Time) (ok bool, why string) {
	if g.pin == "" {
		return true, ""
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.from == nil {
		g.from = map[string]*pinTries{}
	}
	tr := g.from[addr]
	if tr == nil {
		if len(g.from) >= maxPINAddrs {
			for a, o := range g.from {
				if !o.in && !now.Before(o.until) {
					delete(g.from, a)
				}
			}
		}
		tr = &pinTries{}
		g.from[addr] = tr
	}
	right := got != "" && equal(got, g.pin)
	if now.Before(tr.until) && !(tr.in && right) {
		return false, "too many wrong PINs: try again in " + tr.until.Sub(now).Round(time.Second).String()
	}
	switch {
	case got == "":
		return false, "this console needs its PIN (--console-pin)"
	case !right:
		tr.fails++
		if tr.fails >= maxPINFails && !tr.in {
			tr.fails = 0
			tr.until = now.Add(pinLockout)
		}
		return false, "wrong PIN"
	}
	tr.fails, tr.in = 0, true
	return true, ""
}

// isLoopback reports whether a listening host is a loopback address.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
