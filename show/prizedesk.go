package show

import (
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

// PrizeDesk is where and how the property's prize desk pays the winners
// not present, as the show file's desk: key gives it: what the winners'
// letters say and how the desk's contact list writes a number.
type PrizeDesk struct {
	Where string // where to collect: "Rewards Desk, main casino floor"
	Hours string // when it is open: "daily, 08:00 to 22:00"
	// PhoneCode is the country calling code, digits, that a number
	// written the national way (082 555 1234) is dialled with: the show
	// file's phone_code, else the currency's country's; "" when not known.
	PhoneCode string
}

type prizeDeskYAML struct {
	Where     string `yaml:"where"`
	Hours     string `yaml:"hours"`
	PhoneCode string `yaml:"phone_code"`
}

// phoneCodes are the calling codes of the currencies' countries, for a
// show file that names none.
var phoneCodes = map[string]string{"ZAR": "27", "BWP": "267", "NAD": "264", "ZMW": "260", "MZN": "258", "LSL": "266", "SZL": "268"}

var phoneCode = regexp.MustCompile(`^\+?([1-9]\d{0,2})$`)

// prizeDesk reads the show file's desk: key.
func (s *Show) prizeDesk(p *problems, root *yaml.Node, r *prizeDeskYAML) {
	s.Desk.PhoneCode = phoneCodes[s.Currency]
	if r == nil {
		return
	}
	n := value(root, "desk")
	checkKeys(p, n, keysOf(prizeDeskYAML{}), "desk")
	s.Desk.Where, s.Desk.Hours = strings.TrimSpace(r.Where), strings.TrimSpace(r.Hours)
	for _, f := range []struct{ key, v string }{{"where", s.Desk.Where}, {"hours", s.Desk.Hours}} {
		if c, bad := UnsafeRune(f.v); bad {
			p.add(value(n, f.key), "desk: %s holds the control character %U", f.key, c)
		}
	}
	if v := strings.TrimSpace(r.PhoneCode); v != "" {
		m := phoneCode.FindStringSubmatch(v)
		if m == nil {
			p.add(value(n, "phone_code"), "desk: phone_code %q is not a country calling code such as +27", v)
			return
		}
		s.Desk.PhoneCode = m[1]
	}
}
