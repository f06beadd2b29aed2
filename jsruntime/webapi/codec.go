package webapi

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"

	"github.com/dop251/goja"
)

// maxDecompressed bounds what one DecompressionStream may produce: a
// small input can expand a thousandfold, and a page must not take the
// process's memory with it.
const maxDecompressed = 256 << 20

// A codec compresses or decompresses one stream of the Compression
// Standard's formats: "gzip", "deflate" (zlib) and "deflate-raw". The
// compressor writes as it is given bytes; the decompressor reads when the
// input has ended (the output is the same; only its chunking differs from
// a browser's).
// https://compression.spec.whatwg.org/#supported-formats
type codec struct {
	format   string
	compress bool
	out      bytes.Buffer
	w        io.WriteCloser // the compressor
	in       bytes.Buffer   // the decompressor's input
	closed   bool
}

func newCodecFor(format string, compress bool) (*codec, error) {
	c := &codec{format: format, compress: compress}
	switch format {
	case "gzip", "deflate", "deflate-raw":
	default:
		return nil, fmt.Errorf("unsupported compression format: '%s'", format)
	}
	if compress {
		switch format {
		case "gzip":
			c.w = gzip.NewWriter(&c.out)
		case "deflate":
			c.w = zlib.NewWriter(&c.out)
		default:
			fw, err := flate.NewWriter(&c.out, flate.DefaultCompression)
			if err != nil {
				return nil, err
			}
			c.w = fw
		}
	}
	return c, nil
}

// write takes a chunk and returns the output it produced.
func (c *codec) write(p []byte) ([]byte, error) {
	if c.closed {
		return nil, errors.New("the stream is closed")
	}
	if !c.compress {
		if c.in.Len()+len(p) > maxDecompressed {
			return nil, errors.New("the compressed input is too large")
		}
		c.in.Write(p)
		return nil, nil
	}
	if _, err := c.w.Write(p); err != nil {
		return nil, err
	}
	return c.take(), nil
}

// close ends the input and returns the rest of the output; decompressing
// fails on a corrupt or truncated input and on data after its end.
func (c *codec) close() ([]byte, error) {
	if c.closed {
		return nil, errors.New("the stream is closed")
	}
	c.closed = true
	if c.compress {
		if err := c.w.Close(); err != nil {
			return nil, err
		}
		return c.take(), nil
	}
	src := bytes.NewReader(c.in.Bytes())
	var r io.Reader
	switch c.format {
	case "gzip":
		zr, err := gzip.NewReader(src)
		if err != nil {
			return nil, err
		}
		zr.Multistream(false)
		r = zr
	case "deflate":
		zr, err := zlib.NewReader(src)
		if err != nil {
			return nil, err
		}
		r = zr
	default:
		r = flate.NewReader(src)
	}
	out, err := io.ReadAll(io.LimitReader(r, maxDecompressed+1))
	if err != nil {
		return nil, err
	}
	if len(out) > maxDecompressed {
		return nil, errors.New("the decompressed output is too large")
	}
	if src.Len() > 0 {
		return nil, errors.New("junk found after the end of the compressed data")
	}
	return out, nil
}

func (c *codec) take() []byte {
	b := bytes.Clone(c.out.Bytes())
	c.out.Reset()
	return b
}

// newCodec is the function streams.js makes its compression streams
// with: newCodec(format, compress) returns { write(bufferSource),
// close() }, each returning a Uint8Array, and throws a TypeError for an
// unknown format or bad data.
func newCodec(rt *goja.Runtime) func(goja.FunctionCall) goja.Value {
	u8 := func(b []byte) goja.Value {
		arr, err := rt.New(rt.Get("Uint8Array"), rt.ToValue(rt.NewArrayBuffer(b)))
		if err != nil {
			panic(err)
		}
		return arr
	}
	return func(call goja.FunctionCall) goja.Value {
		c, err := newCodecFor(call.Argument(0).String(), call.Argument(1).ToBoolean())
		if err != nil {
			panic(rt.NewTypeError(err.Error()))
		}
		o := rt.NewObject()
		o.Set("write", func(call goja.FunctionCall) goja.Value {
			src, ok := BufferSourceOf(rt, call.Argument(0))
			if !ok {
				panic(rt.NewTypeError("The provided value is not of type '(ArrayBuffer or ArrayBufferView)'"))
			}
			out, err := c.write(src.Bytes)
			if err != nil {
				panic(rt.NewTypeError(err.Error()))
			}
			return u8(out)
		})
		o.Set("close", func(goja.FunctionCall) goja.Value {
			out, err := c.close()
			if err != nil {
				panic(rt.NewTypeError(err.Error()))
			}
			return u8(out)
		})
		return o
	}
}
