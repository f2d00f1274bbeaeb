package show

import "strings"

// KindSlide is a page of the attract loop: a title, a body, an image.
const KindSlide SegmentKind = "slide"

func init() { register(KindSlide, slide{}) }

type slide struct{ plain }

// Slide is what a slide segment carries of its own (Segment.Page); its
// title is the segment's.
type Slide struct {
	Body  string // its text
	Image string // a PNG, resolved against the show file's folder
}

func (slide) traits() traits { return traits{listed: 2, page: true, slide: true} }
func (slide) keys() []string { return []string{"id", "kind", "title", "at", "body", "image"} }

// slideYAML are a slide's own keys.
type slideYAML struct {
	Body  string `yaml:"body"`
	Image string `yaml:"image"`
}

func (slide) own() any { return new(slideYAML) }

func (slide) parse(c *parsing, seg Segment) []Segment {
	var r slideYAML
	c.decode(&r)
	seg.Page = &Slide{Body: strings.TrimSpace(r.Body), Image: c.resolve(r.Image)}
	if strings.TrimSpace(c.r.Title) == "" && seg.Page.Body == "" && seg.Page.Image == "" {
		c.p.add(c.n, "segment %s: a slide needs a title, a body or an image", seg.ID)
	}
	return []Segment{seg}
}

// A slide shows a title, a body or an image.
func (slide) schema() obj {
	given := func(key string, s obj) obj { return obj{"required": []string{key}, "properties": obj{key: s}} }
	return obj{"anyOf": []any{given("title", notBlank()), given("body", notBlank()), given("image", obj{"minLength": 1})}}
}
