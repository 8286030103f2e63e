package python

import (
	"encoding/base64"
	"strings"

	"github.com/go-python/gpython/py"
)

// The base64 module: b64encode and b64decode (standard and URL-safe
// alphabets), bytes in and bytes out as in CPython; decoding also takes an
// ASCII str, and fails with binascii.Error (a ValueError) on bad padding.
var binasciiError = newType(py.ValueError, "binascii.Error", "invalid base64 data")

func registerBase64() {
	py.RegisterModule(&py.ModuleImpl{
		Info: py.ModuleInfo{Name: "base64", Doc: "Base64 encoding"},
		Methods: []*py.Method{
			py.MustNewMethod("b64encode", b64encode(base64.StdEncoding), 0, "b64encode(s) -> bytes"),
			py.MustNewMethod("b64decode", b64decode(base64.StdEncoding), 0, "b64decode(s) -> bytes"),
			py.MustNewMethod("urlsafe_b64encode", b64encode(base64.URLEncoding), 0, "urlsafe_b64encode(s) -> bytes"),
			py.MustNewMethod("urlsafe_b64decode", b64decode(base64.URLEncoding), 0, "urlsafe_b64decode(s) -> bytes"),
		},
	})
}

func b64encode(enc *base64.Encoding) func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
	return func(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		b, err := bytesArgument(args, kwargs, 0, "s")
		if err != nil {
			return nil, err
		}
		return py.Bytes(enc.EncodeToString(b)), nil
	}
}

func b64decode(enc *base64.Encoding) func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
	return func(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		o, ok := argument(args, kwargs, 0, "s")
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "missing required argument 's'")
		}
		var text string
		switch v := o.(type) {
		case py.Bytes:
			text = string(v)
		case py.String:
			text = string(v)
		default:
			return nil, py.ExceptionNewf(py.TypeError, "argument should be a bytes-like object or ASCII string, not '%s'", o.Type().Name)
		}
		// CPython discards characters outside the alphabet (newlines) by default.
		text = strings.Map(func(r rune) rune {
			if strings.ContainsRune("\r\n\t ", r) {
				return -1
			}
			return r
		}, text)
		b, err := enc.DecodeString(text)
		if err != nil {
			return nil, py.ExceptionNewf(binasciiError, "Incorrect padding")
		}
		return py.Bytes(b), nil
	}
}
