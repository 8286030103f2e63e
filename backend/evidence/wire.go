package evidence

import "encoding/json"

// MarshalJSON writes a locator with its heading path as [] when empty, so
// the API (which sends locators as they are) never has a null list.
func (l Locator) MarshalJSON() ([]byte, error) {
	type plain Locator
	p := plain(l)
	if p.HeadingPath == nil {
		p.HeadingPath = []string{}
	}
	return json.Marshal(p)
}

// MarshalJSON writes a unit with its heading path as [] when empty.
func (u Unit) MarshalJSON() ([]byte, error) {
	type plain Unit
	p := plain(u)
	if p.HeadingPath == nil {
		p.HeadingPath = []string{}
	}
	return json.Marshal(p)
}
