package python

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/go-python/gpython/py"
)

// toPy turns a JSON value into Python's: a whole number becomes an int
// (as Dify's JSON arguments do in CPython), a fraction a float.
func toPy(x any) (py.Object, error) {
	switch v := x.(type) {
	case nil:
		return py.None, nil
	case bool:
		return py.NewBool(v), nil
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			return py.Int(int64(v)), nil
		}
		return py.Float(v), nil
	case json.Number: // json.loads keeps the literal: 1 is an int and 1.0 a float, as in CPython
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return py.Int(i), nil
		}
		f, _ := strconv.ParseFloat(string(v), 64) // out of range: ±inf, as CPython reads it
		return py.Float(f), nil
	case string:
		return py.String(v), nil
	case []any:
		items := make([]py.Object, len(v))
		for i, it := range v {
			o, err := toPy(it)
			if err != nil {
				return nil, err
			}
			items[i] = o
		}
		return py.NewListFromItems(items), nil
	case map[string]any:
		return toPyDict(v)
	}
	return nil, fmt.Errorf("convert %T to python", x)
}

func toPyDict(m map[string]any) (py.StringDict, error) {
	d := py.NewStringDictSized(len(m))
	for k, v := range m {
		o, err := toPy(v)
		if err != nil {
			return nil, err
		}
		d[k] = o
	}
	return d, nil
}

// fromPy turns a Python value into JSON's; what JSON cannot hold (a set, a
// function, a non-finite float) is an error naming its type.
func fromPy(o py.Object) (any, error) {
	switch v := o.(type) {
	case py.NoneType:
		return nil, nil
	case py.Bool:
		return bool(v), nil
	case py.Int:
		return float64(v), nil
	case *py.BigInt:
		f, _ := new(big.Float).SetInt((*big.Int)(v)).Float64()
		return f, nil
	case py.Float:
		if math.IsInf(float64(v), 0) || math.IsNaN(float64(v)) {
			return nil, fmt.Errorf("main returned %v, which JSON cannot hold", float64(v))
		}
		return float64(v), nil
	case py.String:
		return string(v), nil
	case *py.List:
		return fromPyItems(v.Items)
	case py.Tuple:
		return fromPyItems(v)
	case py.StringDict:
		return fromPyDict(v)
	}
	return nil, fmt.Errorf("main returned a %s, which JSON cannot hold", o.Type().Name)
}

func fromPyItems(items []py.Object) ([]any, error) {
	out := make([]any, len(items))
	for i, it := range items {
		x, err := fromPy(it)
		if err != nil {
			return nil, err
		}
		out[i] = x
	}
	return out, nil
}

func fromPyDict(d py.StringDict) (map[string]any, error) {
	out := make(map[string]any, len(d))
	for k, v := range d {
		x, err := fromPy(v)
		if err != nil {
			return nil, err
		}
		out[k] = x
	}
	return out, nil
}
