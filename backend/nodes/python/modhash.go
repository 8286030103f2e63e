package python

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"strings"

	"github.com/go-python/gpython/py"
)

// The hashlib and hmac modules over Go's crypto: md5, sha1, sha224, sha256,
// sha384 and sha512 (hashlib.<name>(data), hashlib.new(name, data)), and
// hmac.new(key, msg, digestmod) with digestmod a hashlib constructor or
// its name; hash objects have update, digest and hexdigest.
var hashConstructors = map[string]func() hash.Hash{
	"md5": md5.New, "sha1": sha1.New, "sha224": sha256.New224, "sha256": sha256.New, "sha384": sha512.New384, "sha512": sha512.New,
}

// hashObject is a running hash (or HMAC).
type hashObject struct {
	h hash.Hash
}

var hashType = py.NewType("_hashlib.HASH", "a hash object")

func (*hashObject) Type() *py.Type { return hashType }

func registerHashes() {
	hashType.Dict["update"] = py.MustNewMethod("update", func(self py.Object, args py.Tuple) (py.Object, error) {
		b, err := bytesArgument(args, nil, 0, "data")
		if err != nil {
			return nil, err
		}
		self.(*hashObject).h.Write(b)
		return py.None, nil
	}, 0, "update(data)")
	hashType.Dict["digest"] = py.MustNewMethod("digest", func(self py.Object, _ py.Tuple) (py.Object, error) {
		return py.Bytes(self.(*hashObject).h.Sum(nil)), nil
	}, 0, "digest() -> bytes")
	hashType.Dict["hexdigest"] = py.MustNewMethod("hexdigest", func(self py.Object, _ py.Tuple) (py.Object, error) {
		return py.String(hex.EncodeToString(self.(*hashObject).h.Sum(nil))), nil
	}, 0, "hexdigest() -> str")
	methods := []*py.Method{py.MustNewMethod("new", hashNew, 0, "new(name, data=b'')")}
	for name := range hashConstructors {
		methods = append(methods, py.MustNewMethod(name, func(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return newHash(name, args, kwargs, 0)
		}, 0, name+"(data=b'')"))
	}
	py.RegisterModule(&py.ModuleImpl{Info: py.ModuleInfo{Name: "hashlib", Doc: "secure hashes"}, Methods: methods})
	py.RegisterModule(&py.ModuleImpl{
		Info: py.ModuleInfo{Name: "hmac", Doc: "keyed hashing (HMAC)"},
		Methods: []*py.Method{
			py.MustNewMethod("new", hmacNew, 0, "new(key, msg=None, digestmod) -> HMAC"),
			py.MustNewMethod("compare_digest", hmacCompare, 0, "compare_digest(a, b) -> bool"),
		},
	})
}

func hashNew(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	name, err := stringArgument(args, kwargs, 0, "name")
	if err != nil {
		return nil, err
	}
	return newHash(strings.ToLower(name), args, kwargs, 1)
}

// newHash starts a hash of the named kind over the optional data argument
// at position i.
func newHash(name string, args py.Tuple, kwargs py.StringDict, i int) (py.Object, error) {
	mk, ok := hashConstructors[name]
	if !ok {
		return nil, py.ExceptionNewf(py.ValueError, "unsupported hash type %s", name)
	}
	h := &hashObject{h: mk()}
	if _, given := argument(args, kwargs, i, "data"); given {
		b, err := hashedBytes(args, kwargs, i, "data")
		if err != nil {
			return nil, err
		}
		h.h.Write(b)
	}
	return h, nil
}

// hashedBytes refuses str as CPython does: "Strings must be encoded".
func hashedBytes(args py.Tuple, kwargs py.StringDict, i int, name string) ([]byte, error) {
	if o, ok := argument(args, kwargs, i, name); ok {
		if _, isStr := o.(py.String); isStr {
			return nil, py.ExceptionNewf(py.TypeError, "Strings must be encoded before hashing")
		}
	}
	return bytesArgument(args, kwargs, i, name)
}

func hmacNew(_ py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	key, err := bytesArgument(args, kwargs, 0, "key")
	if err != nil {
		return nil, err
	}
	mod, ok := argument(args, kwargs, 2, "digestmod")
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "Missing required parameter 'digestmod'.")
	}
	name := ""
	switch m := mod.(type) {
	case py.String:
		name = strings.ToLower(string(m))
	case *py.Method:
		name = m.Name
	}
	mk, ok := hashConstructors[name]
	if !ok {
		return nil, py.ExceptionNewf(py.ValueError, "unsupported digestmod of type %s", mod.Type().Name)
	}
	h := &hashObject{h: hmac.New(mk, key)}
	if msg, given := argument(args, kwargs, 1, "msg"); given && msg != py.None {
		b, err := bytesArgument(args, kwargs, 1, "msg")
		if err != nil {
			return nil, err
		}
		h.h.Write(b)
	}
	return h, nil
}

func hmacCompare(_ py.Object, args py.Tuple) (py.Object, error) {
	if len(args) != 2 {
		return nil, py.ExceptionNewf(py.TypeError, "compare_digest() takes 2 arguments")
	}
	a, b := args[0], args[1]
	if sa, ok := a.(py.String); ok {
		if sb, ok := b.(py.String); ok {
			return py.NewBool(hmac.Equal([]byte(sa), []byte(sb))), nil
		}
	}
	ba, okA := a.(py.Bytes)
	bb, okB := b.(py.Bytes)
	if !okA || !okB {
		return nil, py.ExceptionNewf(py.TypeError, "unsupported operand types(s) or combination of types")
	}
	return py.NewBool(hmac.Equal(ba, bb)), nil
}
