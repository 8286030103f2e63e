package generation

import "encoding/json"

// Citation, Quote, Claim and Check are the wire types: the API sends them as
// they are (camelCase, see api.TypeScript), records and messages store them in
// the same JSON, and workflow outputs carry it. Lists are never null: the
// frontend's generated types declare them as required arrays.

// MarshalJSON writes a citation with its lists as [] when empty.
func (c Citation) MarshalJSON() ([]byte, error) {
	type plain Citation
	p := plain(c)
	if p.Quotes == nil {
		p.Quotes = []Quote{}
	}
	return json.Marshal(p)
}

// MarshalJSON writes a claim with its markers as [] when it has none.
func (c Claim) MarshalJSON() ([]byte, error) {
	type plain Claim
	p := plain(c)
	if p.Markers == nil {
		p.Markers = []int{}
	}
	return json.Marshal(p)
}
