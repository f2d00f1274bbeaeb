package console

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// wait is the generous deadline of every wait for something to arrive: a
// loaded CI machine must not fail a test by chance.
const wait = 30 * time.Second

// stageDouble stands for the stage: it records what reaches it.
type stageDouble struct {
	acts chan string
	keys chan string

	mu     sync.Mutex
	refuse error
	gate   chan struct{} // the next key waits in Key until it is closed
}

func newStageDouble() *stageDouble {
	return &stageDouble{acts: make(chan string, 64), keys: make(chan string, 64)}
}

func (d *stageDouble) Act(line string) error {
	d.acts <- line
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.refuse
}

func (d *stageDouble) Key(name string) error {
	d.mu.Lock()
	g := d.gate
	d.gate = nil
	d.mu.Unlock()
	if g != nil {
		<-g
	}
	d.keys <- name
	return nil
}

// holdNextKey makes the next key wait in Key until release is called.
func (d *stageDouble) holdNextKey() (release func()) {
	g := make(chan struct{})
	d.mu.Lock()
	d.gate = g
	d.mu.Unlock()
	return func() { close(g) }
}

func (d *stageDouble) refusing(err error) {
	d.mu.Lock()
	d.refuse = err
	d.mu.Unlock()
}

// next is the next value of c, failing the test after wait.
func next(t *testing.T, c <-chan string, what string) string {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(wait):
		t.Fatalf("no %s arrived in %v", what, wait)
		return ""
	}
}

// none checks nothing more arrived on c.
func none(t *testing.T, c <-chan string, what string) {
	t.Helper()
	select {
	case v := <-c:
		t.Fatalf("unexpected %s %q", what, v)
	default:
	}
}

func start(tb testing.TB, cfg Config) (*Server, *stageDouble) {
	tb.Helper()
	d := newStageDouble()
	s, err := New(cfg, d)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s, d
}

// token is the server's token, read from its URL.
func token(t *testing.T, s *Server) string {
	u, err := url.Parse(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("t")
}

// do sends a request to s at path with the given headers ("Host" sets the
// Host header), and returns the status and body.
func do(t *testing.T, s *Server, method, path string, body string, hdr map[string]string) (int, string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, "http://"+s.Addr().String()+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	tr := &http.Transport{DisableKeepAlives: true}
	for k, v := range hdr {
		switch k {
		case "Host":
			req.Host = v
		case "From": // the client's own address: another machine, on loopback
			d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(v)}}
			tr.DialContext = d.DialContext
		default:
			req.Header.Set(k, v)
		}
	}
	c := &http.Client{Transport: tr}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func TestLoopbackByDefault(t *testing.T) {
	s, _ := start(t, Config{})
	a := s.Addr().(*net.TCPAddr)
	if !a.IP.Equal(net.IPv4(127, 0, 0, 1)) || a.Port == 0 {
		t.Fatalf("listens on %v, want 127.0.0.1 on a free port", a)
	}
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Errorf("URL %q", s.URL())
	}
	tok := token(t, s)
	if len(tok) < 32 { // 128 bits in hex
		t.Errorf("token %q is shorter than 128 bits", tok)
	}
	s2, _ := start(t, Config{})
	if token(t, s2) == tok {
		t.Error("two runs have the same token")
	}
	if code, body := do(t, s, "GET", "/?t="+tok, "", nil); code != 200 || !strings.Contains(body, "<script>") {
		t.Errorf("the page: %d %.80q", code, body)
	}
}

func TestAddressNeedsPIN(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", "192.0.2.7:8350", ":0"} {
		_, err := New(Config{Addr: addr}, newStageDouble())
		if err == nil || err.Error() != "console: "+addr+" is reachable from other machines: it needs a PIN (--console-pin)" {
			t.Errorf("%s without a PIN: %v, want a refusal naming --console-pin", addr, err)
		}
	}
	if _, err := New(Config{Addr: "0.0.0.0:0", PIN: "12"}, newStageDouble()); err == nil || err.Error() != "console: the PIN needs at least 4 characters" {
		t.Errorf("a 2-character PIN: %v", err)
	}
	if _, err := New(Config{Addr: "console.example:8350", PIN: "1234"}, newStageDouble()); err == nil ||
		err.Error() != `console: address "console.example:8350": give an IP address, not a name` {
		t.Errorf("a host name: %v", err)
	}
	if _, err := New(Config{Addr: "127.0.0.1"}, newStageDouble()); err == nil ||
		err.Error() != `console: address "127.0.0.1": address 127.0.0.1: missing port in address (give an IP and a port, e.g. 127.0.0.1:8350)` {
		t.Errorf("an address without a port: %v", err)
	}
	s, _ := start(t, Config{Addr: "0.0.0.0:0", PIN: "1234"})
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Errorf("URL %q", s.URL())
	}
	s2, _ := start(t, Config{Addr: "localhost:0"})
	if a := s2.Addr().(*net.TCPAddr); !a.IP.IsLoopback() {
		t.Errorf("localhost listens on %v", a)
	}
}

func TestToken(t *testing.T) {
	s, _ := start(t, Config{})
	tok := token(t, s)
	wrong := strings.Repeat("0", len(tok))
	for _, path := range []string{"/", "/?t=", "/?t=" + wrong, "/?t=" + tok[:10], "/?t=" + tok + "0", "/?T=" + tok} {
		code, body := do(t, s, "GET", path, "", nil)
		if code != http.StatusForbidden || !strings.Contains(body, "token is wrong or missing") {
			t.Errorf("GET %s: %d %q", path, code, body)
		}
	}
	for _, path := range []string{"/session", "/events"} {
		if code, _ := do(t, s, "GET", path+"?t="+wrong, "", nil); code != http.StatusForbidden {
			t.Errorf("GET %s with a wrong token: %d", path, code)
		}
	}
	for _, path := range []string{"/act", "/key"} {
		if code, _ := do(t, s, "POST", path+"?t="+wrong, `{"key":"N","line":"draw"}`, nil); code != http.StatusForbidden {
			t.Errorf("POST %s with a wrong token: %d", path, code)
		}
	}
	if code, _ := do(t, s, "GET", "/session?t="+tok, "", nil); code != 200 {
		t.Errorf("the right token: %d", code)
	}
	if code, _ := do(t, s, "GET", "/other?t="+tok, "", nil); code != 404 {
		t.Errorf("an unknown path: %d", code)
	}
}

func TestHost(t *testing.T) {
	s, _ := start(t, Config{})
	tok := token(t, s)
	_, port, _ := net.SplitHostPort(s.Addr().String())
	for host, want := range map[string]int{
		"127.0.0.1:" + port:        200,
		"localhost:" + port:        200,
		"attacker.example:" + port: 403, // a name rebound to 127.0.0.1
		"attacker.example":         403,
		"127.0.0.1:1":              403,
		"127.0.0.1":                403,
		"10.0.0.1:" + port:         403,
	} {
		code, body := do(t, s, "GET", "/?t="+tok, "", map[string]string{"Host": host})
		if code != want {
			t.Errorf("Host %s: %d, want %d", host, code, want)
		}
		if want == 403 && !strings.Contains(body, "answers only at its own address") {
			t.Errorf("Host %s: the page does not say why: %q", host, body)
		}
	}

	// Listening on every interface, any IP literal with the port is the
	// listener; a name is not.
	all, _ := start(t, Config{Addr: "0.0.0.0:0", PIN: "1234"})
	_, port, _ = net.SplitHostPort(all.Addr().String())
	for host, want := range map[string]int{"192.168.1.20:" + port: 200, "[::1]:" + port: 200, "evil.example:" + port: 403, "192.168.1.20:1": 403} {
		if code, _ := do(t, all, "GET", "/?t="+token(t, all), "", map[string]string{"Host": host}); code != want {
			t.Errorf("0.0.0.0, Host %s: %d, want %d", host, code, want)
		}
	}
}

func TestOrigin(t *testing.T) {
	s, d := start(t, Config{})
	tok := token(t, s)
	self := "http://" + s.Addr().String()
	for _, c := range []struct {
		hdr  map[string]string
		want int
	}{
		{map[string]string{"Origin": self}, 200},
		{map[string]string{"Origin": "http://attacker.example"}, 403},
		{map[string]string{"Origin": "null"}, 403},
		{map[string]string{"Origin": "https://" + s.Addr().String()}, 403},
		{map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": self}, 200},
	} {
		code, body := do(t, s, "POST", "/key?t="+tok, `{"key":"N"}`, c.hdr)
		if code != c.want {
			t.Errorf("%v: %d %s, want %d", c.hdr, code, body, c.want)
		}
		if c.want == 200 {
			if k := next(t, d.keys, "key"); k != "N" {
				t.Errorf("key %q", k)
			}
		}
	}
	none(t, d.keys, "key")
}

func TestPIN(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2024, 11, 30, 21, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s, d := start(t, Config{PIN: "4321", Now: clock})
	tok := token(t, s)
	pin := func(p string) map[string]string { return map[string]string{"X-Console-Pin": p} }

	// The page itself needs no PIN: it asks for it.
	if code, _ := do(t, s, "GET", "/?t="+tok, "", nil); code != 200 {
		t.Fatalf("the page: %d", code)
	}
	code, body := do(t, s, "GET", "/session?t="+tok, "", nil)
	if code != 401 || !strings.Contains(body, `"pin":true`) || !strings.Contains(body, "needs its PIN") {
		t.Errorf("no PIN: %d %s", code, body)
	}
	if code, body := do(t, s, "GET", "/session?t="+tok, "", pin("4322")); code != 401 || !strings.Contains(body, "wrong PIN") {
		t.Errorf("a wrong PIN: %d %s", code, body)
	}
	if code, _ := do(t, s, "GET", "/session?t="+tok, "", pin("4321")); code != 200 {
		t.Errorf("the PIN: %d", code)
	}
	if code, _ := do(t, s, "POST", "/key?t="+tok, `{"key":"N"}`, nil); code != 401 {
		t.Errorf("a key without the PIN: %d", code)
	}
	none(t, d.keys, "key")
	if code, _ := do(t, s, "POST", "/key?t="+tok, `{"key":"N"}`, pin("4321")); code != 200 {
		t.Errorf("a key with the PIN: %d", code)
	}
	next(t, d.keys, "key")

	// The stream takes the PIN in its URL (EventSource sends no headers).
	if code, _ := do(t, s, "GET", "/events?t="+tok+"&p=0000", "", nil); code != 401 {
		t.Errorf("the stream with a wrong PIN: %d", code)
	}

	// Guessing, from an address that never gave the PIN: after 5 wrong
	// PINs in a row even the right one waits 30 s there.
	guess := func(p string) map[string]string { return map[string]string{"From": "127.0.0.4", "X-Console-Pin": p} }
	for range maxPINFails {
		do(t, s, "GET", "/session?t="+tok, "", guess("0000"))
	}
	if code, body := do(t, s, "GET", "/session?t="+tok, "", guess("4321")); code != 401 || !strings.Contains(body, "Refused: too many wrong PINs: try again in 30s") {
		t.Errorf("after 5 wrong PINs: %d %s", code, body)
	}
	mu.Lock()
	now = now.Add(pinLockout + time.Second)
	mu.Unlock()
	if code, _ := do(t, s, "GET", "/session?t="+tok, "", guess("4321")); code != 200 {
		t.Errorf("after the lockout: %d", code)
	}
}

// TestPINLockoutPerAddress: wrong PINs lock out the address they came
// from, not the console: anyone with the link could otherwise keep the
// operator out. And an address already in is never locked out of its
// session by wrong PINs from it.
func TestPINLockoutPerAddress(t *testing.T) {
	now := time.Date(2024, 11, 30, 21, 0, 0, 0, time.UTC)
	s, _ := start(t, Config{PIN: "4321", Now: func() time.Time { return now }})
	tok := token(t, s)
	from := func(addr, p string) map[string]string { return map[string]string{"From": addr, "X-Console-Pin": p} }
	if code, _ := do(t, s, "GET", "/session?t="+tok, "", from("127.0.0.1", "4321")); code != 200 {
		t.Fatalf("the operator: %d", code)
	}
	for range maxPINFails + 3 {
		do(t, s, "GET", "/session?t="+tok, "", from("127.0.0.2", "0000"))
	}
	if code, body := do(t, s, "GET", "/session?t="+tok, "", from("127.0.0.2", "4321")); code != 401 || !strings.Contains(body, "too many wrong PINs") {
		t.Errorf("the guesser, after %d wrong PINs: %d %s", maxPINFails+3, code, body)
	}
	if code, body := do(t, s, "GET", "/session?t="+tok, "", from("127.0.0.1", "4321")); code != 200 {
		t.Errorf("the operator's tab after another address's wrong PINs: %d %s", code, body)
	}
	if code, _ := do(t, s, "GET", "/session?t="+tok, "", from("127.0.0.3", "4321")); code != 200 {
		t.Errorf("a third address with the PIN: %d", code)
	}
	// the operator's own address mistyping: its session goes on
	for range maxPINFails {
		do(t, s, "GET", "/session?t="+tok, "", from("127.0.0.1", "1234"))
	}
	if code, body := do(t, s, "GET", "/session?t="+tok, "", from("127.0.0.1", "4321")); code != 200 {
		t.Errorf("the operator after mistyping at its own address: %d %s", code, body)
	}
}

// sse is one event read from a stream.
type sse struct{ name, data string }

// events opens the event stream of s and returns its events as they come;
// the channel is closed when the stream ends.
func events(t *testing.T, s *Server, query string) (<-chan sse, func()) {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://"+s.Addr().String()+"/events?t="+token(t, s)+query, nil)
	tr := &http.Transport{DisableKeepAlives: true}
	res, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	c := make(chan sse, 256)
	go func() {
		defer close(c)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(nil, 8<<20)
		var e sse
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				e.name = line[7:]
			case strings.HasPrefix(line, "data: "):
				e.data = line[6:]
			case strings.HasPrefix(line, "retry: "):
				c <- sse{"retry", line[7:]} // a field, passed on as an event
			case line == "" && e.name != "":
				c <- e
				e = sse{}
			}
		}
	}()
	return c, func() { res.Body.Close(); tr.CloseIdleConnections() }
}

// openStreams opens n event streams of s in turn, each in the hub before
// the next opens, closed when the test ends.
func openStreams(t *testing.T, s *Server, n int) []<-chan sse {
	t.Helper()
	var streams []<-chan sse
	for range n {
		c, stop := events(t, s, "")
		t.Cleanup(stop)
		await(t, c, "hello", nil)
		streams = append(streams, c)
	}
	return streams
}

// await reads events from c until one named name satisfies ok.
func await(t *testing.T, c <-chan sse, name string, ok func(string) bool) string {
	t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case e, open := <-c:
			if !open {
				t.Fatalf("the stream ended before a %s event", name)
			}
			if e.name == name && (ok == nil || ok(e.data)) {
				return e.data
			}
		case <-deadline:
			t.Fatalf("no %s event in %v", name, wait)
		}
	}
}

func frame(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

func TestFanOut(t *testing.T) {
	s, _ := start(t, Config{})
	a, closeA := events(t, s, "")
	defer closeA()
	b, closeB := events(t, s, "")
	defer closeB()
	for _, c := range []<-chan sse{a, b} {
		if keys := await(t, c, "hello", nil); !strings.Contains(keys, `"PageDown"`) {
			t.Errorf("hello %s", keys)
		}
		await(t, c, "tabs", func(d string) bool { return d == `{"tabs":2}` })
	}

	s.Publish(View{Show: "Saturday <night>", Scene: "countdown", Winner: &Winner{Name: "Thabo Mokoena", Card: "6001234"}})
	for _, c := range []<-chan sse{a, b} {
		d := await(t, c, "view", nil)
		var m struct {
			Seq  uint64
			Now  time.Time
			View View
		}
		if err := json.Unmarshal([]byte(d), &m); err != nil {
			t.Fatal(err)
		}
		if m.Seq != 1 || m.View.Show != "Saturday <night>" || m.View.Winner.Name != "Thabo Mokoena" || time.Since(m.Now).Abs() > time.Minute {
			t.Errorf("view %s", d)
		}
	}

	s.Preview(frame(1920, 1080, color.RGBA{200, 30, 40, 255}))
	for _, c := range []<-chan sse{a, b} {
		d := await(t, c, "preview", nil)
		var m struct{ Src string }
		json.Unmarshal([]byte(d), &m)
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(m.Src, "data:image/jpeg;base64,"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := jpeg.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
			t.Errorf("preview %v, want 640×360", b)
		}
		if r, g, _, _ := img.At(320, 180).RGBA(); r>>8 < 180 || g>>8 > 60 {
			t.Errorf("preview colour %v", img.At(320, 180))
		}
		if len(raw) > 64<<10 {
			t.Errorf("preview of %d bytes", len(raw))
		}
	}

	// One tab goes: the other is told it is alone.
	closeB()
	await(t, a, "tabs", func(d string) bool { return d == `{"tabs":1}` })

	// A tab that connects later gets the current view and picture at once.
	c, closeC := events(t, s, "")
	defer closeC()
	await(t, c, "view", func(d string) bool { return strings.Contains(d, "Thabo Mokoena") })
	await(t, c, "preview", nil)
}

func TestPublishSameViewOnce(t *testing.T) {
	s, _ := start(t, Config{})
	v := View{Scene: "attract", Actions: []Action{{Line: "draw", Label: "Draw"}}}
	s.Publish(v)
	s.Publish(v)
	if _, seq := s.hub.currentView(); seq != 1 {
		t.Errorf("the same view twice is view %d", seq)
	}
	v.Scene = "intro"
	s.Publish(v)
	if _, seq := s.hub.currentView(); seq != 2 {
		t.Errorf("a new view is view %d", seq)
	}
}

func TestAct(t *testing.T) {
	s, d := start(t, Config{})
	tok := token(t, s)
	s.Publish(View{Scene: "countdown", Actions: []Action{
		{Line: "claim", Label: "Claimed", Key: "C"},
		{Line: "proxy", Label: "Proxy present", Key: "R", Field: FieldProxy},
		{Line: "forfeit", Label: "Forfeit", Key: "F", Irreversible: true},
		{Line: "void", Label: "Void", Field: FieldReason},
		{Line: "numbers", Label: "Numbers", Field: FieldNumbers},
		{Line: "ticket", Label: "Ticket", Field: FieldTicket},
		{Line: "choose", Label: "Choose", Field: FieldChoice},
		{Line: "witness", Label: "Witness", Field: FieldWitness},
	}})
	act := func(body string) (int, string) { return do(t, s, "POST", "/act?t="+tok, body, nil) }

	for _, c := range []struct{ body, line string }{
		{`{"seq":1,"line":"claim"}`, "claim"},
		{`{"seq":1,"line":"proxy","name":" Sipho Dlamini ","id":"8001015009087"}`, "proxy Sipho Dlamini id=8001015009087"},
		{`{"seq":1,"line":"proxy"}`, "proxy"},
		{`{"seq":1,"line":"proxy","id":"X1"}`, "proxy id=X1"},
		{`{"seq":1,"line":"forfeit","confirmed":true}`, "forfeit"},
		{`{"seq":1,"line":"void","text":"wrong button"}`, "void wrong button"},
		{`{"seq":1,"line":"numbers","numbers":" 2  4 ","by":"Thandi"}`, "numbers 2 4 by=Thandi"},
		{`{"seq":1,"line":"ticket","text":"004512"}`, "ticket 004512"},
		{`{"seq":1,"line":"choose","text":"Q"}`, "choose Q"},
		{`{"seq":1,"line":"choose","text":"Q R25 000"}`, "choose Q R25 000"}, // a physical card and what it turned over
		{`{"seq":1,"line":"witness","text":""}`, "witness"},
		{`{"seq":1,"line":"witness","text":"3 5 1"}`, "witness 3 5 1"},
	} {
		code, body := act(c.body)
		if code != 200 || !strings.Contains(body, `"ok":true`) {
			t.Errorf("%s: %d %s", c.body, code, body)
			continue
		}
		if got := next(t, d.acts, "action"); got != c.line {
			t.Errorf("%s reached the stage as %q, want %q", c.body, got, c.line)
		}
	}

	for _, c := range []struct{ body, why string }{
		{`{"seq":1,"line":"draw"}`, "draw is not offered now"},
		{`{"seq":1,"line":"claim now"}`, "is not offered now"},
		{`{"seq":0,"line":"claim"}`, "the show moved on"},
		{`{"seq":1,"line":"forfeit"}`, "cannot be undone and was not confirmed"},
		{`{"seq":1,"line":"void"}`, "void needs a reason"},
		{`{"seq":1,"line":"ticket","text":"1 2"}`, "ticket needs one word"},
		{`{"seq":1,"line":"choose","text":" "}`, "choose needs the card"},
		{`{"seq":1,"line":"numbers","numbers":"2 4"}`, "who typed them"},
		{`{"seq":1,"line":"proxy","name":"Sipho\nclose"}`, "control character"},
		{`{"seq":1,"line":"proxy","name":"A id=1"}`, "cannot hold id="},
		{`{"seq":1,"line":"proxy","name":"` + strings.Repeat("x", 201) + `"}`, "longer than 200"},
		{`{"seq":1,`, "malformed"},
	} {
		_, body := act(c.body)
		if !strings.Contains(body, c.why) {
			t.Errorf("%s: %s, want a refusal saying %q", c.body, body, c.why)
		}
	}
	none(t, d.acts, "action")

	if code, _ := do(t, s, "POST", "/act?t="+tok, "", nil); code != http.StatusUnsupportedMediaType {
		t.Errorf("no JSON: %d", code)
	}

	// The stage's refusal comes back in words.
	d.refusing(errors.New("no claim is taken after the deadline"))
	_, body := act(`{"seq":1,"line":"claim"}`)
	next(t, d.acts, "action")
	if !strings.Contains(body, "Refused: no claim is taken after the deadline") {
		t.Errorf("refusal %s", body)
	}
}

func TestKey(t *testing.T) {
	s, d := start(t, Config{Keys: []string{"PageDown", "C"}})
	tok := token(t, s)
	if code, body := do(t, s, "POST", "/key?t="+tok, `{"key":"PageDown"}`, nil); code != 200 || !strings.Contains(body, `"ok":true`) {
		t.Errorf("PageDown: %d %s", code, body)
	}
	if k := next(t, d.keys, "key"); k != "PageDown" {
		t.Errorf("key %q", k)
	}
	if code, body := do(t, s, "POST", "/key?t="+tok, `{"key":"Q"}`, nil); code != 400 || !strings.Contains(body, "not a key of the stage") {
		t.Errorf("Q: %d %s", code, body)
	}
	if code, _ := do(t, s, "GET", "/key?t="+tok, "", nil); code != http.StatusMethodNotAllowed {
		t.Errorf("GET /key: %d", code)
	}
	none(t, d.keys, "key")
}

// TestScrollKeysRefused: the keys a browser scrolls with never reach the
// stage from the console, even when the stage's key map has them (the
// stage passes its own); the clicker's PageDown still does.
func TestScrollKeysRefused(t *testing.T) {
	s, d := start(t, Config{Keys: []string{"PageDown", "ArrowDown", "ArrowUp", "Space", "End", "Home"}})
	tok := token(t, s)
	for _, k := range []string{"ArrowDown", "ArrowUp", "Space", "End", "Home"} {
		if code, body := do(t, s, "POST", "/key?t="+tok, `{"key":"`+k+`"}`, nil); code != 400 || !strings.Contains(body, `Refused: \"`+k+`\" scrolls the page: the console never sends it to the stage`) {
			t.Errorf("%s: %d %s", k, code, body)
		}
	}
	if code, body := do(t, s, "POST", "/key?t="+tok, `{"key":"PageDown"}`, nil); code != 200 || !strings.Contains(body, `"ok":true`) {
		t.Errorf("PageDown: %d %s", code, body)
	}
	if k := next(t, d.keys, "key"); k != "PageDown" {
		t.Errorf("key %q", k)
	}
	none(t, d.keys, "key")
}

// ours counts the goroutines of a console server: its own, and the HTTP
// connections of servers and clients.
func ours() (int, string) {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	var found []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		for _, mark := range []string{"drawshow/console.(*Server)", "drawshow/console.(*previewer)", "net/http.(*conn).serve", "net/http.(*persistConn)", "net/http.(*Server).Serve"} {
			if strings.Contains(g, mark) {
				n++
				found = append(found, g)
				break
			}
		}
	}
	return n, strings.Join(found, "\n\n")
}

// noLeaks waits (polling runtime.Stack: nothing can signal it) for the
// console's goroutines to be gone.
func noLeaks(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		n, stacks := ours()
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines left after Close:\n%s", n, stacks)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestClose(t *testing.T) {
	noLeaks(t) // the other tests' servers are closed
	d := newStageDouble()
	s, err := New(Config{}, d)
	if err != nil {
		t.Fatal(err)
	}
	addr := s.Addr().String()
	a, closeA := events(t, s, "")
	defer closeA()
	b, closeB := events(t, s, "")
	defer closeB()
	s.Publish(View{Scene: "attract"})
	s.Preview(frame(320, 180, color.RGBA{0, 0, 0, 255}))
	await(t, a, "preview", nil)
	await(t, b, "view", nil)

	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []<-chan sse{a, b} {
		deadline := time.After(wait)
	drain:
		for {
			select {
			case _, open := <-c:
				if !open {
					break drain
				}
			case <-deadline:
				t.Fatal("a stream outlived Close")
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
	// The port is free.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("the port is still taken after Close: %v", err)
	}
	ln.Close()
	// Publish and Preview after Close do nothing, and block nothing.
	s.Publish(View{Scene: "closed"})
	s.Preview(frame(16, 9, color.RGBA{}))
	closeA()
	closeB()
	noLeaks(t)
}

func TestPreviewDropsStale(t *testing.T) {
	// With no page connected nothing is encoded; the newest frame waits.
	s, _ := start(t, Config{})
	for i := range 50 {
		s.Preview(frame(64, 36, color.RGBA{uint8(i), 0, 0, 255}))
	}
	if s.prev.seq != 0 {
		t.Errorf("%d frames encoded with nobody watching", s.prev.seq)
	}
	c, done := events(t, s, "")
	defer done()
	d := await(t, c, "preview", nil)
	if !strings.Contains(d, `"seq":1,`) {
		t.Errorf("the first frame encoded is %.40s", d)
	}
}

func TestShrink(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 6, 3))
	for y := range 3 {
		for x := range 6 {
			v := uint8(0)
			if x >= 3 {
				v = 90
			}
			src.SetRGBA(x, y, color.RGBA{v, v / 3, uint8(10 * y), 255})
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, 2, 1))
	shrink(dst, src)
	if got := dst.RGBAAt(0, 0); got != (color.RGBA{0, 0, 10, 255}) {
		t.Errorf("left %v", got)
	}
	if got := dst.RGBAAt(1, 0); got != (color.RGBA{90, 30, 10, 255}) {
		t.Errorf("right %v", got)
	}
	// A sub-image is read from its own origin.
	sub := src.SubImage(image.Rect(3, 0, 6, 3)).(*image.RGBA)
	one := image.NewRGBA(image.Rect(0, 0, 1, 1))
	shrink(one, sub)
	if got := one.RGBAAt(0, 0); got != (color.RGBA{90, 30, 10, 255}) {
		t.Errorf("sub-image %v", got)
	}
}

func TestPageCSP(t *testing.T) {
	s, _ := start(t, Config{})
	req, _ := http.NewRequest("GET", s.URL(), nil)
	res, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'sha256-", "connect-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(pageHTML, "http://") || strings.Contains(pageHTML, "https://") || strings.Contains(pageHTML, "innerHTML") {
		t.Error("the page names an outside address or writes markup")
	}
}

func TestShrink3SameAsBox(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 30, 12))
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 7919 % 251)
	}
	fast := image.NewRGBA(image.Rect(0, 0, 10, 4))
	shrink(fast, src)
	slow := image.NewRGBA(image.Rect(0, 0, 10, 4))
	box(slow, src, 30, 12, 10, 4)
	if !bytes.Equal(fast.Pix, slow.Pix) {
		t.Errorf("shrink3 differs from the box filter")
	}
}

func TestBoxAnySize(t *testing.T) {
	// 5×2 to 2×1: columns 0-2 and 3-4.
	src := image.NewRGBA(image.Rect(0, 0, 5, 2))
	for y := range 2 {
		for x := range 5 {
			src.SetRGBA(x, y, color.RGBA{uint8(10 * x), 0, uint8(100 * y), 255})
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, 2, 1))
	shrink(dst, src)
	if got := dst.RGBAAt(0, 0); got != (color.RGBA{10, 0, 50, 255}) {
		t.Errorf("left %v", got)
	}
	if got := dst.RGBAAt(1, 0); got != (color.RGBA{35, 0, 50, 255}) {
		t.Errorf("right %v", got)
	}
}

// TestStreamsCapped: the streams one token opens are capped, the oldest
// closed first: 3 000 streams took the stage from 76 to under 10 fps. A
// stream let go is told so, and told to wait letGoRetry or up to as long
// again before it opens again, each its own: pages that reopened within
// a second kept 2 900 connections a second churning, which cost the
// stage a third of its frames.
func TestStreamsCapped(t *testing.T) {
	s, _ := start(t, Config{})
	const extra = 5
	streams := openStreams(t, s, maxStreams+extra)
	waits := map[int]bool{}
	for i, c := range streams {
		if i >= extra {
			if closedNow(c) {
				t.Errorf("stream %d of %d was closed; only the %d oldest should be", i+1, len(streams), extra)
			}
			continue
		}
		// the oldest: its last words are a long retry and why it ends
		var last []sse
		for e := range c {
			if e.name == "retry" || e.name == "letgo" {
				last = append(last, e)
			}
		}
		if len(last) < 2 || last[len(last)-1] != (sse{"letgo", `{"keep":` + strconv.Itoa(maxStreams) + `}`}) || last[len(last)-2].name != "retry" {
			t.Errorf("stream %d ended with %v, want a retry and a letgo", i+1, last)
			continue
		}
		ms, _ := strconv.Atoi(last[len(last)-2].data)
		if wait := time.Duration(ms) * time.Millisecond; wait < letGoRetry || wait >= 2*letGoRetry {
			t.Errorf("stream %d retries after %v, want %v to %v", i+1, wait, letGoRetry, 2*letGoRetry)
		}
		waits[ms] = true
	}
	if len(waits) < 2 {
		t.Errorf("the %d streams let go all retry after the same wait: they would come back together", extra)
	}
	if letGoRetry < 10*time.Second {
		t.Errorf("a stream let go retries after %v: a flood of pages would churn", letGoRetry)
	}
	if n := s.hub.count(); n != maxStreams {
		t.Errorf("%d streams open, want the cap %d", n, maxStreams)
	}
}

// TestTabsOnlyWhenTheyChange: a stream that comes in at the cap, letting
// the oldest go, leaves the count as it was, and the streams already in
// hear nothing of it: telling all 32 of every newcomer made each of
// 3 000 reopening pages cost the stage 32 writes.
func TestTabsOnlyWhenTheyChange(t *testing.T) {
	s, _ := start(t, Config{})
	streams := openStreams(t, s, maxStreams)
	full := `{"tabs":` + strconv.Itoa(maxStreams) + `}`
	for _, c := range streams[1:] {
		await(t, c, "tabs", func(d string) bool { return d == full })
	}
	c := openStreams(t, s, 1)[0]
	await(t, c, "tabs", func(d string) bool { return d == full })
	s.Publish(View{Scene: "attract"}) // after anything queued before it
	for i, c := range streams[1:] {
		for e := range c {
			if e.name == "view" {
				break
			}
			if e.name == "tabs" {
				t.Errorf("stream %d was told %s of a newcomer at the cap", i+2, e.data)
			}
		}
	}
}

// closedNow reports whether c is closed, reading what it holds without
// waiting for more.
func closedNow(c <-chan sse) bool {
	for {
		select {
		case _, open := <-c:
			if !open {
				return true
			}
		default:
			return false
		}
	}
}

// A click is refused only when what it decides changed since the page
// showed it: news that clears itself, a new event in the list or a notice
// is no reason to make the operator click again.
func TestActStaleOnlyForADecision(t *testing.T) {
	s, d := start(t, Config{})
	tok := token(t, s)
	base := View{Scene: "open", Actions: []Action{{Line: "witness", Label: "Record the witness", Field: FieldWitness}}, News: "Sound: the null device"}
	s.Publish(base) // seq 1, as the page showed it
	quiet := base
	quiet.News = "" // the news cleared itself
	quiet.Events = []Event{{Seq: 2, Kind: "show-opened"}}
	quiet.Notices = []string{"the system clock stepped"}
	s.Publish(quiet) // seq 2
	act := func(body string) string { _, b := do(t, s, "POST", "/act?t="+tok, body, nil); return b }
	if b := act(`{"seq":1,"line":"witness","text":"4 8 15"}`); !strings.Contains(b, `"ok":true`) {
		t.Errorf("a click on a view whose news cleared: %s", b)
	} else if got := next(t, d.acts, "action"); got != "witness 4 8 15" {
		t.Errorf("reached the stage as %q", got)
	}
	for _, c := range []struct {
		what   string
		change func(*View)
	}{
		{"the scene", func(v *View) { v.Scene = "attract" }},
		{"the actions", func(v *View) { v.Actions = append(v.Actions, Action{Line: "skip", Label: "Skip", Field: FieldReason}) }},
		{"the winner", func(v *View) { v.Winner = &Winner{Name: "Thabo Mokoena"} }},
		{"the blackout", func(v *View) { v.Blackout = true }},
	} {
		s.Publish(quiet)
		_, seen := s.hub.currentView()
		v := quiet
		c.change(&v)
		s.Publish(v)
		if b := act(fmt.Sprintf(`{"seq":%d,"line":"witness"}`, seen)); !strings.Contains(b, "the show moved on") {
			t.Errorf("a click on the view before %s changed: %s", c.what, b)
		}
		none(t, d.acts, "action")
	}
	if b := act(`{"seq":99,"line":"witness"}`); !strings.Contains(b, "the show moved on") {
		t.Errorf("a click on a view not yet published: %s", b)
	}
}
