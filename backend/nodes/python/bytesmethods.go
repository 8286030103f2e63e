package python

import (
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"github.com/go-python/gpython/py"
)

// addBytesMethods gives str and bytes what gpython v0.2.0 lacks and the
// base64, hashlib and hmac modules need: str.encode and bytes.decode (UTF-8
// and ASCII; "strict" errors only) and bytes.hex. Only the child calls it.
func addBytesMethods() {
	py.StringType.Dict["encode"] = py.MustNewMethod("encode", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		enc, err := encodingArgument(args, kwargs)
		if err != nil {
			return nil, err
		}
		s := string(self.(py.String))
		if enc == "ascii" {
			if i := strings.IndexFunc(s, func(r rune) bool { return r > 127 }); i >= 0 {
				return nil, py.ExceptionNewf(py.ValueError, "'ascii' codec can't encode character in position %d: ordinal not in range(128)", utf8.RuneCountInString(s[:i]))
			}
		}
		return py.Bytes(s), nil
	}, 0, "encode(encoding='utf-8', errors='strict') -> bytes")
	py.BytesType.Dict["decode"] = py.MustNewMethod("decode", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		enc, err := encodingArgument(args, kwargs)
		if err != nil {
			return nil, err
		}
		b := []byte(self.(py.Bytes))
		if !utf8.Valid(b) || (enc == "ascii" && strings.IndexFunc(string(b), func(r rune) bool { return r > 127 }) >= 0) {
			return nil, py.ExceptionNewf(py.ValueError, "'%s' codec can't decode the bytes", enc)
		}
		return py.String(b), nil
	}, 0, "decode(encoding='utf-8', errors='strict') -> str")
	py.BytesType.Dict["hex"] = py.MustNewMethod("hex", func(self py.Object, _ py.Tuple) (py.Object, error) {
		return py.String(hex.EncodeToString(self.(py.Bytes))), nil
	}, 0, "hex() -> str")
}

// encodingArgument reads encoding= (default UTF-8): UTF-8 and ASCII are
// the ones these methods know; "strict" the only errors mode.
func encodingArgument(args py.Tuple, kwargs py.StringDict) (string, error) {
	enc := "utf-8"
	if o, ok := argument(args, kwargs, 0, "encoding"); ok {
		s, ok := o.(py.String)
		if !ok {
			return "", py.ExceptionNewf(py.TypeError, "encoding must be str, not %s", o.Type().Name)
		}
		enc = strings.ReplaceAll(strings.ToLower(string(s)), "_", "-")
	}
	if o, ok := argument(args, kwargs, 1, "errors"); ok && o != py.String("strict") {
		return "", py.ExceptionNewf(py.LookupError, "only errors='strict' is supported")
	}
	switch enc {
	case "utf-8", "utf8":
		return "utf-8", nil
	case "ascii", "us-ascii":
		return "ascii", nil
	}
	return "", py.ExceptionNewf(py.LookupError, "unknown encoding: %s", enc)
}

// bytesArgument is a bytes argument; str is refused as CPython refuses it.
func bytesArgument(args py.Tuple, kwargs py.StringDict, i int, name string) ([]byte, error) {
	o, ok := argument(args, kwargs, i, name)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "missing required argument '%s'", name)
	}
	b, ok := o.(py.Bytes)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "a bytes-like object is required, not '%s'", o.Type().Name)
	}
	return b, nil
}
