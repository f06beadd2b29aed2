package pyhandlers

import (
	"strconv"
	"time"
)

// scriptLog is html/semantics/scripting-1/the-script-element/log.py: a
// script that calls log(id) after sec seconds (bounded by ten), as the
// async_00x tests load it to order scripts by how long they take.
func scriptLog(r *Request) *Response {
	id, err1 := strconv.Atoi(r.First("id", ""))
	sec, err2 := strconv.Atoi(r.First("sec", ""))
	if err1 != nil || err2 != nil || sec < 0 {
		return &Response{Status: 400, Reason: "Invalid parameter", Headers: []Pair{{"Content-Type", "text/javascript"}}}
	}
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/javascript"}},
		Body: []byte("log('" + strconv.Itoa(id) + "')"), Delay: time.Duration(min(sec, 10)) * time.Second}
}

// commonSlow is common/slow.py: an empty 200 after two seconds.
func commonSlow(r *Request) *Response {
	return &Response{Status: 200, Delay: 2 * time.Second}
}
