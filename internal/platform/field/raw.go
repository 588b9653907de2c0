package field

import "encoding/json"

// RawObject is a JSON object kept as its text: data stored as sent (a
// listing's metadata, a submission's submission_data) and the same field
// of a request, kept for later validation. Decoding keeps the text;
// encoding writes it as it is, or {} when there is none.
type RawObject json.RawMessage

// UnmarshalJSON implements json.Unmarshaler: it keeps the text.
func (r *RawObject) UnmarshalJSON(b []byte) error {
	*r = append((*r)[:0], b...)
	return nil
}

// MarshalJSON implements json.Marshaler: the text as it is ({} when
// there is none).
func (r RawObject) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("{}"), nil
	}
	return r, nil
}

// JSONSchema implements Schemer: the value is an object.
func (RawObject) JSONSchema() Schema { return Schema{"type": "object"} }
