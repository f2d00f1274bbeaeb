package witness

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"
)

// Server serves a Feed on an address of its own, for a follower off the
// laptop: `run --headless --feed ADDR`, and the stage's --feed.
type Server struct {
	feed *Feed
	ln   net.Listener
	http *http.Server
	link string
	done chan struct{}
}

// Listen serves f at /feed on addr (IP:port; an IP of 0.0.0.0 or none
// listens on every interface).
func Listen(addr string, f *Feed) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("witness feed: %v", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/feed", f)
	s := &Server{feed: f, ln: ln, done: make(chan struct{}),
		http: &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}}
	s.link = Link(ln.Addr().(*net.TCPAddr), f.token)
	go func() {
		defer close(s.done)
		s.http.Serve(ln)
	}()
	return s, nil
}

// Link is the feed's link on addr with its token, to print: an address
// that listens on every interface is named by one a follower can reach.
func Link(addr *net.TCPAddr, token string) string {
	host := addr.IP.String()
	if addr.IP.IsUnspecified() {
		host = reachableIP()
	}
	u := url.URL{Scheme: "http", Host: net.JoinHostPort(host, fmt.Sprint(addr.Port)), Path: "/feed", RawQuery: "t=" + token}
	return u.String()
}

// reachableIP is this machine's first address another machine can reach,
// or the loopback address when it has none.
func reachableIP() string {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	return "127.0.0.1"
}

// Feed is the feed served.
func (s *Server) Feed() *Feed { return s.feed }

// Link is the feed's link, with its token.
func (s *Server) Link() string { return s.link }

// Close ends waiting answers and stops serving.
func (s *Server) Close() error {
	s.feed.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := s.http.Shutdown(ctx); err != nil {
		s.http.Close()
	}
	<-s.done
	return nil
}
