package console

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Stage is what the console drives: the stage's worker. Both methods are
// called from the server's request goroutines, one request at a time or
// several at once (two tabs); the stage serialises them through its
// worker and returns once the command is committed or refused.
type Stage interface {
	// Act does one action line in the headless vocabulary (show's
	// ParseAction: draw, claim, proxy NAME id=ID, witness TEXT, …) and
	// returns the refusal in words, or nil.
	Act(line string) error
	// Key presses a key of the stage's key map, by its name (see
	// DefaultKeys), as if pressed on the stage: so a clicker works with
	// the console focused. It returns a refusal in words, or nil.
	Key(name string) error
}

// Config is how the console listens.
type Config struct {
	// Addr is the address to listen on, an IP and a port. Empty means
	// 127.0.0.1 on a free port. A non-loopback address needs PIN.
	Addr string
	// Token is the console's token, carried by every request; empty means
	// a fresh random one. A token of the show's own keeps an open tab
	// working across a restart of the stage.
	Token string
	// Fallbacks, when Addr is taken, are tried in turn (Addr being the
	// preferred port of a show's console, which another program may hold).
	Fallbacks []string
	// PIN, when set, is asked once by the page and carried by every
	// request after the page itself. At least 4 characters.
	PIN string
	// Keys are the key names the page forwards to Stage.Key; nil means
	// DefaultKeys.
	Keys []string
	// PreviewWidth is the preview's width in pixels; 0 means PreviewWidth.
	PreviewWidth int
	// Now is the server's clock; nil means time.Now.
	Now func() time.Time
	// Feed, if set, is served at /feed behind its own token (the witness
	// feed, read-only): the console's token is not asked of a follower.
	Feed http.Handler
	// Log, if set, is told of the console's own happenings, for the
	// flight log: a page connected or gone, a request refused at the door,
	// each action and key asked and what came of it. It is called from
	// the request goroutines and must not block.
	Log func(Note)
}

// Note is one of the console's happenings (Config.Log).
type Note struct {
	Kind    NoteKind
	Remote  string   // the page's address
	What    string   // the action's line or the key; for NoteRefused the path
	Refusal string   // why it was refused, in the page's words; "" when done
	Tabs    int      // NoteGone: the pages still connected
	Typed   []string // what was typed with an action (a proxy's name, who typed numbers): for the log to keep out
	// Count is how many requests a NoteRefused stands for: itself and those
	// refused since the last note, which were counted, not noted (a flood
	// of them must not rotate the flight log out)
	Count int
}

// NoteKind is what a Note is of.
type NoteKind int

// The kinds of Note.
const (
	NoteConnected NoteKind = iota + 1 // a page opened its event stream
	NoteGone                          // …and closed it
	NoteRefused                       // a request refused before any handler: Host, Origin, token or PIN
	NoteAct                           // POST /act
	NoteKey                           // POST /key
)

// Server is the operator's console: an HTTP server for one run of the
// stage. Its methods are safe for concurrent use.
type Server struct {
	stage Stage
	now   func() time.Time
	log   func(Note)
	feed  http.Handler
	token string
	pin   pinGate
	door  door // refusals before any handler, counted
	hosts hosts
	url   string
	keys  []string
	keyOK map[string]bool

	ln   net.Listener
	http *http.Server
	hub  *hub
	prev *previewer

	mu   sync.Mutex
	view View // the latest published view, for checking an action against it
	// turn is the number of the first view that offered what the latest
	// one offers (its decision): a click on any view since is not stale
	turn     uint64
	decision []byte

	done      chan struct{}
	wg        sync.WaitGroup
	closeOnce sync.Once
}

// maxBody bounds a request's body.
const maxBody = 16 << 10

// maxTyped bounds one typed field, in characters (a name on the record is
// at most 200).
const maxTyped = 200

// New listens on cfg.Addr and starts serving the console. It refuses a
// non-loopback address without a PIN.
func New(cfg Config, stage Stage) (*Server, error) {
	if stage == nil {
		return nil, errors.New("console: no stage to drive")
	}
	addr := cfg.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("console: address %q: %v (give an IP and a port, e.g. 127.0.0.1:8350)", addr, err)
	}
	if host != "" && !strings.EqualFold(host, "localhost") && net.ParseIP(host) == nil {
		return nil, fmt.Errorf("console: address %q: give an IP address, not a name", addr)
	}
	if !isLoopback(host) && cfg.PIN == "" {
		return nil, fmt.Errorf("console: %s is reachable from other machines: it needs a PIN (--console-pin)", addr)
	}
	if cfg.PIN != "" && utf8.RuneCountInString(cfg.PIN) < minPINLen {
		return nil, fmt.Errorf("console: the PIN needs at least %d characters", minPINLen)
	}
	if strings.EqualFold(host, "localhost") {
		addr = net.JoinHostPort("127.0.0.1", addr[strings.LastIndex(addr, ":")+1:])
	}
	ln, err := net.Listen("tcp", addr)
	for _, a := range cfg.Fallbacks {
		if err == nil {
			break
		}
		ln, err = net.Listen("tcp", a)
	}
	if err != nil {
		return nil, fmt.Errorf("console: %v", err)
	}
	tcp := ln.Addr().(*net.TCPAddr)
	s := &Server{
		stage: stage,
		now:   cfg.Now,
		log:   cfg.Log,
		feed:  cfg.Feed,
		token: cfg.Token,
		pin:   pinGate{pin: cfg.PIN},
		hosts: newHosts(tcp),
		keys:  cfg.Keys,
		ln:    ln,
		hub:   newHub(),
		done:  make(chan struct{}),
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.token == "" {
		s.token = newToken()
	}
	if s.keys == nil {
		s.keys = DefaultKeys
	}
	s.keys = slices.DeleteFunc(slices.Clone(s.keys), func(k string) bool { return slices.Contains(ScrollKeys, k) })
	s.keyOK = make(map[string]bool, len(s.keys))
	for _, k := range s.keys {
		s.keyOK[k] = true
	}
	w := cfg.PreviewWidth
	if w <= 0 {
		w = PreviewWidth
	}
	s.prev = newPreviewer(w)
	s.hub.joined = s.prev.poke
	urlHost := tcp.IP.String()
	if tcp.IP.IsUnspecified() {
		urlHost = "127.0.0.1"
	}
	s.url = (&url.URL{Scheme: "http", Host: net.JoinHostPort(urlHost, s.hosts.port), Path: "/", RawQuery: "t=" + s.token}).String()

	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /session", s.guard(s.session))
	mux.HandleFunc("GET /events", s.guard(s.connection(s.stream)))
	mux.HandleFunc("POST /act", s.guard(s.noted(NoteAct, s.act)))
	mux.HandleFunc("POST /key", s.guard(s.noted(NoteKey, s.key)))
	s.http = &http.Server{
		Handler:           s.check(mux),
		ReadHeaderTimeout: 10 * time.Second,
	}
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		s.http.Serve(ln)
	}()
	go func() {
		defer s.wg.Done()
		s.prev.run(s.hub, s.done)
	}()
	return s, nil
}

// FeedURL is the witness feed's address on the console's listener, with
// the feed's token (given), or "" without a feed.
func (s *Server) FeedURL(token string) string {
	if s.feed == nil {
		return ""
	}
	u, _ := url.Parse(s.url)
	u.Path, u.RawQuery = "/feed", "t="+token
	return u.String()
}

// URL is the console's address with its token, to print and to open in
// the operator's browser.
func (s *Server) URL() string { return s.url }

// Addr is the address the console listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Tabs is how many pages are connected.
func (s *Server) Tabs() int { return s.hub.count() }

// Publish replaces the operator view and pushes it to every page. A view
// equal to the last one is not sent again. Publish does not keep v; the
// stage may reuse it.
func (s *Server) Publish(v View) {
	b, err := json.Marshal(v)
	if err != nil {
		return // a View has no field that fails to marshal
	}
	d, _ := json.Marshal(decision{v.Scene, v.Blackout, v.Winner, v.Actions})
	s.mu.Lock()
	s.view = v
	s.view.Actions = append([]Action(nil), v.Actions...)
	seq := s.hub.setView(b)
	if !bytes.Equal(d, s.decision) {
		s.turn, s.decision = seq, d
	}
	s.mu.Unlock()
}

// decision is what a click on the view decides: the scene, the picture,
// the winner and the actions offered. News clearing itself, an event
// listed or a notice do not make a click stale.
type decision struct {
	Scene    string
	Blackout bool
	Winner   *Winner
	Actions  []Action
}

// Preview hands over what the big screen shows now. It returns at once:
// the frame is downscaled and encoded as JPEG on the server's own
// goroutine, and a frame not yet encoded when the next one comes is
// dropped. Nothing is encoded while no page is connected. The server
// keeps img until it is encoded: the caller must not change it after the
// call (give a fresh image each time).
func (s *Server) Preview(img image.Image) {
	if img == nil {
		return
	}
	s.prev.put(img, s.now())
}

// Close ends every stream, stops listening and frees the port. It waits
// for the server's goroutines to end. It always returns nil; calling it
// again does nothing.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		if n, ok := s.door.left(); ok {
			s.note(n)
		}
		close(s.done)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := s.http.Shutdown(ctx); err != nil {
			s.http.Close()
		}
		s.wg.Wait()
	})
	return nil
}

// check refuses, before any handler, a request whose Host header is not
// the listening address (DNS rebinding), whose Origin is another site's,
// or which does not carry the run's token.
func (s *Server) check(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		switch {
		case !s.hosts.allowed(r.Host):
			s.refuse(w, r, http.StatusForbidden, "this console answers only at its own address; the address used ("+r.Host+") is not it")
		case !sameOrigin(r):
			s.refuse(w, r, http.StatusForbidden, "a request from another site is not accepted")
		case r.URL.Path == "/feed" && s.feed != nil:
			s.feed.ServeHTTP(w, r) // its own token
		case !equal(r.URL.Query().Get("t"), s.token):
			s.refuse(w, r, http.StatusForbidden, "this console link's token is wrong or missing: open the link the stage printed when it started")
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// guard refuses a request without the PIN, when there is one.
func (s *Server) guard(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get("X-Console-Pin")
		if got == "" {
			got = r.URL.Query().Get("p")
		}
		addr, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			addr = r.RemoteAddr
		}
		if ok, why := s.pin.check(addr, got, s.now()); !ok {
			s.refuse(w, r, http.StatusUnauthorized, why)
			return
		}
		next(w, r)
	}
}

// refuse answers a refused request: a page saying why to a browser's
// navigation, JSON {"refusal": …} to the page's own requests.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, code int, why string) {
	if n, ok := s.door.refused(Note{Kind: NoteRefused, Remote: r.RemoteAddr, What: r.Method + " " + r.URL.Path, Refusal: why}, s.now()); ok {
		s.note(n)
	}
	if r.Method == http.MethodGet && r.URL.Path == "/" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		w.WriteHeader(code)
		fmt.Fprintf(w, refusedPage, htmlEscape(why))
		return
	}
	reply(w, code, result{Refusal: "Refused: " + why, PIN: code == http.StatusUnauthorized})
}

func (s *Server) note(n Note) {
	if s.log != nil {
		s.log(n)
	}
}

// connection notes a page's event stream as it opens and as it ends.
func (s *Server) connection(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.note(Note{Kind: NoteConnected, Remote: r.RemoteAddr})
		next(w, r)
		s.note(Note{Kind: NoteGone, Remote: r.RemoteAddr, Tabs: s.Tabs()})
	}
}

// noted notes an action or a key asked of the console and what came of
// it, as the page was answered.
func (s *Server) noted(kind NoteKind, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.log == nil {
			next(w, r)
			return
		}
		body, _ := io.ReadAll(io.LimitReader(r.Body, maxBody))
		r.Body = io.NopCloser(bytes.NewReader(body))
		var req struct {
			actRequest
			Key string `json:"key"`
		}
		json.Unmarshal(body, &req)
		rec := &recorder{ResponseWriter: w}
		next(rec, r)
		n := Note{Kind: kind, Remote: r.RemoteAddr, What: req.Line}
		if kind == NoteKey {
			n.What = req.Key
		} else {
			n.Typed = []string{req.Name, req.ID, req.By}
		}
		var res result
		if json.Unmarshal(rec.body.Bytes(), &res) == nil && !res.OK {
			n.Refusal = res.Refusal
		}
		s.note(n)
	}
}

// recorder keeps a copy of what a handler answers.
type recorder struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (w *recorder) Write(p []byte) (int, error) {
	w.body.Write(p)
	return w.ResponseWriter.Write(p)
}

func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// result is the JSON answer to /session, /act and /key.
type result struct {
	OK      bool   `json:"ok"`
	Refusal string `json:"refusal,omitempty"`
	PIN     bool   `json:"pin,omitempty"` // the refusal is for want of the right PIN
}

func reply(w http.ResponseWriter, code int, v result) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// session answers the page's first request: the token and PIN are right.
func (s *Server) session(w http.ResponseWriter, r *http.Request) {
	reply(w, http.StatusOK, result{OK: true})
}

// actRequest is the body of POST /act: the button's line, what was typed
// for its field, the view the operator saw, and the page's confirmation.
type actRequest struct {
	Seq       uint64 `json:"seq"`
	Line      string `json:"line"`
	Confirmed bool   `json:"confirmed"`
	Name      string `json:"name"`    // proxy
	ID        string `json:"id"`      // proxy
	Text      string `json:"text"`    // ticket, witness, reason, choice
	Numbers   string `json:"numbers"` // numbers
	By        string `json:"by"`      // numbers
}

// act does one of the view's actions. It is refused when what it decides
// has changed since the page showed it (another tab acted, a deadline
// passed): the operator looks again and chooses anew. A view changed only
// in its news, events or notices does not refuse it.
func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	var req actRequest
	if !decode(w, r, &req) {
		return
	}
	s.mu.Lock()
	_, seq := s.hub.currentView()
	turn := s.turn
	var a *Action
	for i := range s.view.Actions {
		if s.view.Actions[i].Line == req.Line {
			a = &s.view.Actions[i]
			break
		}
	}
	var act Action
	if a != nil {
		act = *a
	}
	s.mu.Unlock()
	switch {
	case seq == 0 || a == nil:
		reply(w, http.StatusConflict, result{Refusal: "Refused: " + quoteVerb(req.Line) + " is not offered now"})
		return
	case req.Seq < turn || req.Seq > seq:
		reply(w, http.StatusConflict, result{Refusal: "Refused: the show moved on as you clicked; look again and choose anew"})
		return
	case act.Irreversible && !req.Confirmed:
		reply(w, http.StatusConflict, result{Refusal: "Refused: " + act.Label + " cannot be undone and was not confirmed"})
		return
	}
	line, err := compose(act, req)
	if err != nil {
		reply(w, http.StatusOK, result{Refusal: "Refused: " + err.Error()})
		return
	}
	if err := s.stage.Act(line); err != nil {
		reply(w, http.StatusOK, result{Refusal: "Refused: " + err.Error()})
		return
	}
	reply(w, http.StatusOK, result{OK: true})
}

// key presses one key of the stage's key map.
func (s *Server) key(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Key string `json:"key"`
	}
	if !decode(w, r, &req) {
		return
	}
	if slices.Contains(ScrollKeys, req.Key) {
		reply(w, http.StatusBadRequest, result{Refusal: fmt.Sprintf("Refused: %q scrolls the page: the console never sends it to the stage", req.Key)})
		return
	}
	if !s.keyOK[req.Key] {
		reply(w, http.StatusBadRequest, result{Refusal: fmt.Sprintf("Refused: %q is not a key of the stage", req.Key)})
		return
	}
	if err := s.stage.Key(req.Key); err != nil {
		reply(w, http.StatusOK, result{Refusal: "Refused: " + err.Error()})
		return
	}
	reply(w, http.StatusOK, result{OK: true})
}

// decode reads a JSON body, answering a bad one itself.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		reply(w, http.StatusUnsupportedMediaType, result{Refusal: "Refused: the request is not JSON"})
		return false
	}
	d := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	if err := d.Decode(v); err != nil {
		reply(w, http.StatusBadRequest, result{Refusal: "Refused: a malformed request"})
		return false
	}
	return true
}

// compose is the action line of an action with what was typed for it.
func compose(a Action, req actRequest) (string, error) {
	for _, f := range []struct{ what, v string }{
		{"the name", req.Name}, {"the ID", req.ID}, {"the text", req.Text},
		{"the numbers", req.Numbers}, {"who typed them", req.By},
	} {
		if err := typed(f.what, f.v); err != nil {
			return "", err
		}
	}
	name, id, text := strings.TrimSpace(req.Name), strings.TrimSpace(req.ID), strings.TrimSpace(req.Text)
	verb := a.Line
	switch a.Field {
	case FieldNone:
		return verb, nil
	case FieldProxy:
		if strings.Contains(name, "id=") {
			return "", errors.New("a name cannot hold id=; type the ID in its own field")
		}
		if strings.ContainsAny(id, " \t") {
			return "", errors.New("an ID is one word")
		}
		line := verb
		if name != "" {
			line += " " + name
		}
		if id != "" {
			line += " id=" + id
		}
		return line, nil
	case FieldTicket:
		if text == "" || strings.ContainsAny(text, " \t") {
			return "", fmt.Errorf("%s needs one word", verb)
		}
		return verb + " " + text, nil
	case FieldChoice:
		// the card, ball or envelope; of physical cards, then what it turned over
		if item, _, _ := strings.Cut(text, " "); item == "" {
			return "", fmt.Errorf("%s needs the card, ball or envelope", verb)
		}
		return verb + " " + text, nil
	case FieldWitness, FieldNote:
		if text == "" {
			return verb, nil
		}
		return verb + " " + text, nil
	case FieldReason:
		if text == "" {
			return "", fmt.Errorf("%s needs a reason", verb)
		}
		return verb + " " + text, nil
	case FieldNumbers:
		nums, by := strings.Fields(req.Numbers), strings.TrimSpace(req.By)
		if len(nums) == 0 || by == "" {
			return "", errors.New("type the numbers drawn and who typed them")
		}
		if strings.Contains(by, "by=") {
			return "", errors.New("a name cannot hold by=")
		}
		return verb + " " + strings.Join(nums, " ") + " by=" + by, nil
	}
	return "", fmt.Errorf("the console does not know the field %q", a.Field)
}

// typed checks one typed field: one line of at most maxTyped characters
// with no control character.
func typed(what, v string) error {
	if !utf8.ValidString(v) {
		return fmt.Errorf("%s is not valid text", what)
	}
	if utf8.RuneCountInString(v) > maxTyped {
		return fmt.Errorf("%s is longer than %d characters", what, maxTyped)
	}
	if i := strings.IndexFunc(v, unicode.IsControl); i >= 0 {
		return fmt.Errorf("%s holds a control character", what)
	}
	return nil
}

func quoteVerb(line string) string {
	if line == "" {
		return "that action"
	}
	return line
}

// refusalEvery is how often, at most, requests refused at the door are
// noted.
const refusalEvery = time.Minute

// door counts the requests refused before any handler. The first is
// noted at once; those after it, within refusalEvery of the last note, are
// counted into the next.
type door struct {
	mu   sync.Mutex
	at   time.Time // the last note
	n    int       // refused since, not noted
	last Note      // the latest of them
}

// refused reports the note to make of a refusal at now, if one is due.
func (d *door) refused(n Note, now time.Time) (Note, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.at.IsZero() && now.Sub(d.at) < refusalEvery {
		d.n, d.last = d.n+1, n
		return Note{}, false
	}
	n.Count = d.n + 1
	d.at, d.n = now, 0
	return n, true
}

// left is the note of the refusals counted since the last note, if any.
func (d *door) left() (Note, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.n == 0 {
		return Note{}, false
	}
	n := d.last
	n.Count, d.n = d.n, 0
	return n, true
}
